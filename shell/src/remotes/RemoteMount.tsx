import { useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { mountRootParcel, type ParcelConfigObject } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { CONTRACT_VERSION } from '@vot/shared/contract';
import { FullScreenSpinner } from '@vot/shared/ui';
import { loadRemoteApp } from './federation';
import { ModuleUnavailable } from './ModuleUnavailable';
import type { RemoteState } from './registry';

type State = { status: 'loading' } | { status: 'ready'; app: ParcelConfigObject } | { status: 'failed' };

/**
 * Mounts a remote's ./app as a single-spa parcel in the content area, passing the shell's location
 * and navigator so one URL drives every React root. Any failure (download, lifecycles missing,
 * mount throwing) shows the "not available" page with a retry instead of a blank area.
 */
export function RemoteMount({ remote, onRetry }: { remote: RemoteState; onRetry: () => void }) {
  const location = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadRemoteApp(remote.id).then(
      (app) => live && setState({ status: 'ready', app }),
      (e: unknown) => {
        console.warn(`[shell] remote ${remote.id} is unavailable:`, e);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [remote]);

  if (state.status === 'failed') return <ModuleUnavailable reason="unreachable" onRetry={onRetry} />;
  if (state.status === 'loading') return <FullScreenSpinner />;
  return (
    <Parcel
      config={state.app}
      mountParcel={mountRootParcel}
      wrapWith="div"
      wrapClassName="vot-remote"
      handleError={() => setState({ status: 'failed' })}
      location={location}
      navigator={navigator}
      basename="/"
      contractVersion={CONTRACT_VERSION}
    />
  );
}
