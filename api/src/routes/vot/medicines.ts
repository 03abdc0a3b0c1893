import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import { patientMedicineSchema, type NamedRecord, type Patient, type PatientMedicineRecord } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { medicines, patientMedicines } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-errors';
import { bodyOf, idOf, updateRoute } from '../../lib/requests';
import { answers, routeSchema } from '../../openapi/routes';
import { allow } from '../../plugins/auth';
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

  app.get(
    '/patient-medicines/:id',
    {
      preHandler: allow('patient-medicines', 'read'),
      schema: routeSchema({ summary: "A patient's medicines", response: answers.list('PatientMedicineRecord') }),
    },
    async (request) => {
      const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
      const data = await db
        .select(record)
        .from(patientMedicines)
        .where(eq(patientMedicines.patient_id, patient.id))
        .orderBy(patientMedicines.id);
      return { data: data satisfies PatientMedicineRecord[], status: 'success', total: data.length };
    },
  );

  /**
   * The programme's medicine names, for the Medicine select of whoever adds a patient's medicines:
   * GET medicines is basic data, which a Field Officer may not read (no basic-data screens).
   */
  app.get(
    '/patient-medicine-names',
    {
      preHandler: allow('patient-medicines', 'create'),
      schema: routeSchema({
        summary: "The programme's medicine names, for a patient's Medicine select",
        response: answers.list('NamedRecord'),
      }),
    },
    async () => {
      const data = await db.select({ id: medicines.id, name: medicines.name }).from(medicines).orderBy(medicines.name);
      return { data: data satisfies NamedRecord[], status: 'success', total: data.length };
    },
  );

  app.get(
    '/patient-medicine/:id',
    {
      preHandler: allow('patient-medicines', 'read'),
      schema: routeSchema({ summary: 'One medicine of a patient', response: answers.item('PatientMedicineRecord') }),
    },
    async (request) => ({
      data: (await find(db, request, idOf(request, MEDICINE_NOT_FOUND))).row,
      status: 'success',
    }),
  );

  app.post(
    '/patient-medicines',
    {
      preHandler: allow('patient-medicines', 'create'),
      schema: routeSchema({
        summary: 'Add a medicine to a patient (until VOT ends)',
        body: patientMedicineSchema,
        refusals: [404, 409],
        response: answers.item('PatientMedicineRecord', 201),
      }),
    },
    async (request, reply) => {
      const input = await bodyOf(patientMedicineSchema, request);
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
      return reply
        .status(201)
        .send({ data, status: 'success', message: successMessage('Patient Medicine', 'created') });
    },
  );

  // The payload repeats patient_id (SPEC.md §7); a medicine stays with its patient.
  updateRoute(
    app,
    '/patient-medicines/:id',
    {
      preHandler: allow('patient-medicines', 'update'),
      schema: routeSchema({
        summary: "Change a patient's medicine (until VOT ends)",
        body: patientMedicineSchema,
        refusals: [409],
        response: answers.item('PatientMedicineRecord'),
      }),
    },
    async (request) => {
      const id = idOf(request, MEDICINE_NOT_FOUND);
      const input = await bodyOf(patientMedicineSchema, request);
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
      return { data, status: 'success', message: successMessage('Patient Medicine', 'updated') };
    },
  );

  app.delete(
    '/patient-medicines/:id',
    {
      preHandler: allow('patient-medicines', 'delete'),
      schema: routeSchema({
        summary: "Delete a patient's medicine (until VOT ends)",
        refusals: [409],
        response: answers.removed('Patient Medicine has been deleted successfully!'),
      }),
    },
    async (request) => {
      const id = idOf(request, MEDICINE_NOT_FOUND);
      await mutate(db, request, async (tx) => {
        const { row: before, patient } = await find(tx, request, id);
        assertOpen(patient);
        await tx.delete(patientMedicines).where(eq(patientMedicines.id, id));
        return { audit: { action: 'delete', entity: 'patient_medicines', entity_id: id, before }, result: null };
      });
      return { data: null, status: 'success', message: successMessage('Patient Medicine', 'deleted') };
    },
  );
}
