import { NotBuiltYet } from '@vot/shared/ui';

// Being built: replaced by the real screen in this change.
export default function Page() {
  return <NotBuiltYet remote="volunteers" version={process.env.VOT_REMOTE_VERSION ?? 'dev'} />;
}
