import { PatientListPage } from '@vot/shared/lists';
import { VOT_STATUS_SCREENS } from './vot-status.screen';
import type { VotStatusListKind } from './vot-status.lists';

/** One of the VOT Status lists; the kind says which (routes in app.tsx). */
export default function VotStatusList({ kind }: { kind: VotStatusListKind }) {
  return <PatientListPage key={kind} screen={VOT_STATUS_SCREENS[kind]} />;
}
