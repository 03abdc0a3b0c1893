import type { FastifyInstance } from 'fastify';
import changeVolunteerRoutes from './change-volunteers';
import checklistRoutes from './checklists';
import ledgerRoutes from './ledger';
import medicineRoutes from './medicines';
import sputumRoutes from './sputum';
import treatmentRoutes from './treatment';
import visitRoutes from './visits';

/** SPEC.md §7 VOT calls: Move To VOT, VOT end and conclusion, the pure/hybrid and volunteer history, dashboard visits, medicines, F/U sputum, infection checklists, the dose ledger. */
export default async function votRoutes(app: FastifyInstance) {
  await app.register(treatmentRoutes);
  await app.register(changeVolunteerRoutes);
  await app.register(visitRoutes);
  await app.register(medicineRoutes);
  await app.register(sputumRoutes);
  await app.register(checklistRoutes);
  await app.register(ledgerRoutes);
}
