import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import { FU_SPUTUM_OPERATIONS as OPS } from '@vot/shared/operations';
import type { FuSputumExportRow, FuSputumInput, FuSputumRecord } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { fuSputumExaminations } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { notFound } from '../../lib/http-errors';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { ownerOf, patientOf } from './patient';

const SPUTUM_NOT_FOUND = 'F/U sputum examination not found.';
const ENTITY = 'F/U Sputum Examinition';
const { created_at: _c, updated_at: _u, ...record } = getTableColumns(fuSputumExaminations);

/** What the form sets; Not Done stores no smear date nor result (the schema nulls them). */
const columnsOf = (input: FuSputumInput) => ({
  month: input.month,
  to_send_date: input.to_send_date ?? null,
  send_date: input.send_date ?? null,
  smear: input.smear,
  smear_date: input.smear_date ?? null,
  smear_result: input.smear_result ?? null,
  remark: input.remark ?? null,
});

/** SPEC.md §7 follow-up sputum examinations of a patient (path spelling as the contract has it) and their export. */
export default async function sputumRoutes(app: FastifyInstance) {
  const { db, secretKey: key } = app;

  async function find(tx: Database, request: FastifyRequest, id: number) {
    const [row] = await tx.select(record).from(fuSputumExaminations).where(eq(fuSputumExaminations.id, id)).limit(1);
    if (!row) throw notFound(SPUTUM_NOT_FOUND);
    await ownerOf(tx, key, request, row.patient_id, SPUTUM_NOT_FOUND);
    return row satisfies FuSputumRecord;
  }
  const ofPatient = (patientId: number) =>
    db
      .select(record)
      .from(fuSputumExaminations)
      .where(eq(fuSputumExaminations.patient_id, patientId))
      .orderBy(desc(fuSputumExaminations.id));

  register(app, OPS.listOf, async ({ request }) => {
    const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
    const data = await ofPatient(patient.id);
    return { data: data satisfies FuSputumRecord[], status: 'success' as const, total: data.length };
  });

  register(app, OPS.exportOf, async ({ request }) => {
    const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
    const rows = await ofPatient(patient.id);
    return {
      data: rows.map((r) => ({ ...r, patient_name: patient.name }) satisfies FuSputumExportRow),
      status: 'success' as const,
    };
  });

  register(app, OPS.show, async ({ request }) => ({
    data: await find(db, request, idOf(request, SPUTUM_NOT_FOUND)),
    status: 'success' as const,
  }));

  register(app, OPS.create, async ({ request, body: input }) => {
    const data = await mutate(db, request, async (tx) => {
      await patientOf(tx, key, request, input.patient_id);
      const [row] = await tx
        .insert(fuSputumExaminations)
        .values({ patient_id: input.patient_id, ...columnsOf(input) })
        .returning(record);
      return {
        audit: { action: 'create', entity: 'fu_sputum_examinations', entity_id: row!.id, after: row },
        result: row!,
      };
    });
    return { data, status: 'success' as const, message: successMessage(ENTITY, 'created') };
  });

  register(app, OPS.update, async ({ request, body: input }) => {
    const id = idOf(request, SPUTUM_NOT_FOUND);
    const data = await mutate(db, request, async (tx) => {
      const before = await find(tx, request, id);
      const [after] = await tx
        .update(fuSputumExaminations)
        .set({ ...columnsOf(input), updated_at: new Date() })
        .where(eq(fuSputumExaminations.id, id))
        .returning(record);
      return {
        audit: { action: 'update', entity: 'fu_sputum_examinations', entity_id: id, before, after },
        result: after!,
      };
    });
    return { data, status: 'success' as const, message: successMessage(ENTITY, 'updated') };
  });

  register(app, OPS.remove, async ({ request }) => {
    const id = idOf(request, SPUTUM_NOT_FOUND);
    await mutate(db, request, async (tx) => {
      const before = await find(tx, request, id);
      await tx.delete(fuSputumExaminations).where(eq(fuSputumExaminations.id, id));
      return { audit: { action: 'delete', entity: 'fu_sputum_examinations', entity_id: id, before }, result: null };
    });
    return { data: null, status: 'success' as const, message: successMessage(ENTITY, 'deleted') };
  });
}
