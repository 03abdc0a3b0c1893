import { call } from '@vot/shared/api';
import { REPORT_OPERATIONS } from '@vot/shared/operations';

/** GET VOT-report (SPEC.md §7), quiet: the page shows a failure itself, with Retry. */
export const votReportApi = {
  load: (query: { start_date?: string; end_date?: string }) =>
    call(REPORT_OPERATIONS.votReport, { query }, { quiet: true }),
};
