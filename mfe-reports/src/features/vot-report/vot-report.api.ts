import { api } from '@vot/shared/api';
import type { VotReport } from '@vot/shared/schemas';

/** GET VOT-report (SPEC.md §7), quiet: the page shows a failure itself, with Retry. */
export const votReportApi = {
  load: (filters: { start_date?: string; end_date?: string }) =>
    api.get<VotReport>('VOT-report', { params: filters, quiet: true }),
};
