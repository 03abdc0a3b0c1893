export { default as VotReportPage } from './VotReportPage';
export { VOT_REPORT_COLUMNS } from './columns';
