import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  APP_RECENT_DAYS,
  type AppPatient,
  type AppPatientDay,
  type AppPatientMedicine,
  type LedgerDay,
} from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { patients } from '../../db/schema';
import { ledgerToday, recentDaysSql } from '../../ledger';
import { answers, routeSchema } from '../../openapi/routes';
import { appUserOf, authenticateApp } from './auth';
import { patientsOf, type ListedPatient } from './scope';

/**
 * The medicines of each patient (the staff's patient medicine list, in its order), each with the
 * quantity of its last recorded visit (by date, then id): the patient's records newest first through
 * dots_patient_list_idx, stopping at the first that names the medicine.
 */
async function medicinesOf(db: Database, ids: number[]): Promise<Map<number, AppPatientMedicine[]>> {
  const rows = await rowsOf<AppPatientMedicine & { patient_id: number }>(
    db,
    sql`select pm.patient_id, pm.medicine_name,
        (select (e.value->>'quantity')::float8
          from dots d cross join lateral jsonb_array_elements(d."DOT_records") e
          where d.patient_id = pm.patient_id and e.value->>'medicine_name' = pm.medicine_name
          order by d.date desc, d.id desc limit 1) as quantity
      from patient_medicines pm
      where pm.patient_id in ${ids}
      order by pm.patient_id, pm.id`,
  );
  const byPatient = new Map<number, AppPatientMedicine[]>();
  for (const { patient_id, medicine_name, quantity } of rows)
    byPatient.set(patient_id, [...(byPatient.get(patient_id) ?? []), { medicine_name, quantity }]);
  return byPatient;
}

/** The last APP_RECENT_DAYS days of each patient on VOT, newest first. */
async function recentDaysOf(db: Database, ids: number[], today: string): Promise<Map<number, AppPatientDay[]>> {
  const rows = await rowsOf<LedgerDay>(db, recentDaysSql(inArray(patients.id, ids), today, APP_RECENT_DAYS));
  const byPatient = new Map<number, AppPatientDay[]>();
  for (const { patient_id, date, status, work } of rows.reverse())
    byPatient.set(patient_id, [...(byPatient.get(patient_id) ?? []), { date, status, work }]);
  return byPatient;
}

/** The listed patients with what the volunteer needs on the doorstep: medicines, today's dose, the last days. */
export async function doorstepOf(db: Database, listed: ListedPatient[], today = ledgerToday()): Promise<AppPatient[]> {
  const ids = listed.map((p) => p.id);
  if (!ids.length) return [];
  const [medicines, days] = await Promise.all([medicinesOf(db, ids), recentDaysOf(db, ids, today)]);
  return listed.map((patient) => {
    const recent_days = days.get(patient.id) ?? [];
    const expected =
      patient.VOT_accept === 'Yes' &&
      patient.DOT_start_date !== null &&
      patient.DOT_start_date <= today &&
      (patient.DOT_end_date === null || patient.DOT_end_date >= today);
    const day = recent_days.find((d) => d.date === today);
    return {
      ...patient,
      medicines: medicines.get(patient.id) ?? [],
      today: { date: today, expected, status: day?.status ?? null, work: day?.work ?? null },
      recent_days,
    };
  });
}

/** GET app/patients (docs/api.md "App API"): the caller's patients, or the signed-in patient, for the doorstep. */
export default async function appPatientRoutes(app: FastifyInstance) {
  app.get(
    '/app/patients',
    {
      preHandler: authenticateApp,
      schema: routeSchema({
        summary:
          "A volunteer's current and former patients (current first), or the signed-in patient: contacts, prescribed medicines, today's dose and the last days",
        response: answers.list('AppPatient'),
      }),
    },
    async (request) => {
      const data = await doorstepOf(app.db, await patientsOf(app.db, appUserOf(request)));
      return { data, status: 'success', total: data.length };
    },
  );
}
