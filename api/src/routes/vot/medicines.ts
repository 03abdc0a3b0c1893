import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import { PATIENT_MEDICINE_OPERATIONS as OPS } from '@vot/shared/operations';
import type { NamedRecord, Patient, PatientMedicineRecord } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { medicines, patientMedicines } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-errors';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { ownerOf, patientOf } from './patient';

const MEDICINE_NOT_FOUND = 'Patient medicine not found.';
const ENDED = 'VOT has ended for this patient: medicines can no longer be added or changed.';
const record = {
  id: patientMedicines.id,
  patient_id: patientMedicines.patient_id,
  medicine_name: patientMedicines.medicine_name,
};

/** Medicines change only while the patient has no VOT end date (SPEC.md §4 Medicines). */
const assertOpen = (patient: Patient) => {
  if (patient.DOT_end_date) throw conflict(ENDED);
};

/** SPEC.md §7 "Medicines and sputum of a patient": the medicines a VOT patient takes. */
export default async function medicineRoutes(app: FastifyInstance) {
  const { db, secretKey: key } = app;

  /** A medicine record and its patient, in the user's scope. */
  async function find(tx: Database, request: FastifyRequest, id: number) {
    const [row] = await tx.select(record).from(patientMedicines).where(eq(patientMedicines.id, id)).limit(1);
    if (!row) throw notFound(MEDICINE_NOT_FOUND);
    return {
      row: row satisfies PatientMedicineRecord,
      patient: await ownerOf(tx, key, request, row.patient_id, MEDICINE_NOT_FOUND),
    };
  }

  register(app, OPS.listOf, async ({ request }) => {
    const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
    const data = await db
      .select(record)
      .from(patientMedicines)
      .where(eq(patientMedicines.patient_id, patient.id))
      .orderBy(patientMedicines.id);
    return { data: data satisfies PatientMedicineRecord[], status: 'success' as const, total: data.length };
  });

  /**
   * The programme's medicine names, for the Medicine select of whoever adds a patient's medicines:
   * GET medicines is basic data, which a Field Officer may not read (no basic-data screens).
   */
  register(app, OPS.names, async () => {
    const data = await db.select({ id: medicines.id, name: medicines.name }).from(medicines).orderBy(medicines.name);
    return { data: data satisfies NamedRecord[], status: 'success' as const, total: data.length };
  });

  register(app, OPS.show, async ({ request }) => ({
    data: (await find(db, request, idOf(request, MEDICINE_NOT_FOUND))).row,
    status: 'success' as const,
  }));

  register(app, OPS.create, async ({ request, body: input }) => {
    const data = await mutate(db, request, async (tx) => {
      assertOpen(await patientOf(tx, key, request, input.patient_id));
      const [row] = await tx
        .insert(patientMedicines)
        .values({ patient_id: input.patient_id, medicine_name: input.medicine_name })
        .returning(record);
      return {
        audit: { action: 'create', entity: 'patient_medicines', entity_id: row!.id, after: row },
        result: row!,
      };
    });
    return { data, status: 'success' as const, message: successMessage('Patient Medicine', 'created') };
  });

  // The payload repeats patient_id (SPEC.md §7); a medicine stays with its patient.
  register(app, OPS.update, async ({ request, body: input }) => {
    const id = idOf(request, MEDICINE_NOT_FOUND);
    const data = await mutate(db, request, async (tx) => {
      const { row: before, patient } = await find(tx, request, id);
      assertOpen(patient);
      const [after] = await tx
        .update(patientMedicines)
        .set({ medicine_name: input.medicine_name, updated_at: new Date() })
        .where(eq(patientMedicines.id, id))
        .returning(record);
      return {
        audit: { action: 'update', entity: 'patient_medicines', entity_id: id, before, after },
        result: after!,
      };
    });
    return { data, status: 'success' as const, message: successMessage('Patient Medicine', 'updated') };
  });

  register(app, OPS.remove, async ({ request }) => {
    const id = idOf(request, MEDICINE_NOT_FOUND);
    await mutate(db, request, async (tx) => {
      const { row: before, patient } = await find(tx, request, id);
      assertOpen(patient);
      await tx.delete(patientMedicines).where(eq(patientMedicines.id, id));
      return { audit: { action: 'delete', entity: 'patient_medicines', entity_id: id, before }, result: null };
    });
    return { data: null, status: 'success' as const, message: successMessage('Patient Medicine', 'deleted') };
  });
}
