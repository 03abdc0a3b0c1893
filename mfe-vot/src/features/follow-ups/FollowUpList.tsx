import { PatientListPage } from '@vot/shared/lists';
import { followUpsScreen } from './follow-ups.screen';

/** /admin/follow-ups: the missed-dose worklist. */
export default function FollowUpList() {
  return <PatientListPage screen={followUpsScreen} />;
}
