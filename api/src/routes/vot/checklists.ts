import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import { INFECTION_CHECKLIST_OPERATIONS as OPS } from '@vot/shared/operations';
import type { InfectionChecklistRecord } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { infectionChecklists } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { notFound } from '../../lib/http-errors';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { ownerOf, patientOf } from './patient';

const CHECKLIST_NOT_FOUND = 'Infection control checklist not found.';
const ENTITY = 'Infection Control Checklist';
const record = {
  id: infectionChecklists.id,
  patient_id: infectionChecklists.patient_id,
  date: infectionChecklists.date,
  answers: infectionChecklists.answers,
  created_at: infectionChecklists.created_at,
};
const toRecord = (
  row: { created_at: Date } & Omit<InfectionChecklistRecord, 'created_at'>,
): InfectionChecklistRecord => ({ ...row, created_at: row.created_at.toISOString() });

/**
 * The infection-control checklist of a patient (SPEC.md §2 "Other patient-related screens"): dated
 * answers to the 19 questions of INFECTION_CHECKLIST_QUESTIONS. A checklist is a record of a visit:
 * it is made or deleted (its own permission group), never edited.
 */
export default async function checklistRoutes(app: FastifyInstance) {
  const { db, secretKey: key } = app;

  async function find(tx: Database, request: FastifyRequest, id: number) {
    const [row] = await tx.select(record).from(infectionChecklists).where(eq(infectionChecklists.id, id)).limit(1);
    if (!row) throw notFound(CHECKLIST_NOT_FOUND);
    await ownerOf(tx, key, request, row.patient_id, CHECKLIST_NOT_FOUND);
    return toRecord(row);
  }

  register(app, OPS.listOf, async ({ request }) => {
    const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
    const rows = await db
      .select(record)
      .from(infectionChecklists)
      .where(eq(infectionChecklists.patient_id, patient.id))
      .orderBy(desc(infectionChecklists.date), desc(infectionChecklists.id));
    return { data: rows.map(toRecord), status: 'success' as const, total: rows.length };
  });

  register(app, OPS.show, async ({ request }) => ({
    data: await find(db, request, idOf(request, CHECKLIST_NOT_FOUND)),
    status: 'success' as const,
  }));

  register(app, OPS.create, async ({ request, body: input }) => {
    const data = await mutate(db, request, async (tx) => {
      await patientOf(tx, key, request, input.patient_id);
      const answers = input.answers.map((a) => ({ answer: a.answer, action: a.action ?? null }));
      const [row] = await tx
        .insert(infectionChecklists)
        .values({ patient_id: input.patient_id, date: input.date, answers })
        .returning(record);
      return {
        audit: { action: 'create', entity: 'infection_checklists', entity_id: row!.id, after: row },
        result: toRecord(row!),
      };
    });
    return { data, status: 'success' as const, message: successMessage(ENTITY, 'created') };
  });

  register(app, OPS.remove, async ({ request }) => {
    const id = idOf(request, CHECKLIST_NOT_FOUND);
    await mutate(db, request, async (tx) => {
      const before = await find(tx, request, id);
      await tx.delete(infectionChecklists).where(eq(infectionChecklists.id, id));
      return { audit: { action: 'delete', entity: 'infection_checklists', entity_id: id, before }, result: null };
    });
    return { data: null, status: 'success' as const, message: successMessage(ENTITY, 'deleted') };
  });
}
