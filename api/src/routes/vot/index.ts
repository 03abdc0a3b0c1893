import type { FastifyInstance } from 'fastify';
import changeVolunteerRoutes from './change-volunteers';
import checklistRoutes from './checklists';
import ledgerRoutes from './ledger';
import medicineRoutes from './medicines';
import noAppRoutes from './no-app';
import sputumRoutes from './sputum';
import treatmentRoutes from './treatment';
import visitListRoutes from './visit-lists';
import visitRoutes from './visits';

/** SPEC.md §7 VOT calls: Move To VOT, VOT end and conclusion, the pure/hybrid and volunteer history, dashboard visits, the visit lists and exports, the no-app grid, medicines, F/U sputum, infection checklists, the dose ledger. */
export default async function votRoutes(app: FastifyInstance) {
  await app.register(treatmentRoutes);
  await app.register(changeVolunteerRoutes);
  await app.register(visitRoutes);
  await app.register(visitListRoutes);
  await app.register(noAppRoutes);
  await app.register(medicineRoutes);
  await app.register(sputumRoutes);
  await app.register(checklistRoutes);
  await app.register(ledgerRoutes);
}
