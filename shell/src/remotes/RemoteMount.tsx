import { useContext, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { mountRootParcel, type ParcelConfigObject } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { CONTRACT_VERSION, type RemoteRouteDef } from '@vot/shared/contract';
import { userAtom } from '@vot/shared/session';
import { FullScreenSpinner } from '@vot/shared/ui';
import { loadRemoteApp } from './federation';
import { startFirstRead } from './first-read';
import { ModuleUnavailable } from './ModuleUnavailable';
import type { RemoteState } from './registry';

type State = { status: 'loading' } | { status: 'ready'; app: ParcelConfigObject } | { status: 'failed' };

/**
 * Mounts a remote's ./app as a single-spa parcel in the content area, passing the shell's location
 * and navigator so one URL drives every React root. Any failure (download, lifecycles missing,
 * mount throwing) shows the "not available" page with a retry instead of a blank area. As the
 * remote starts loading, the route's first read goes out beside it (first-read.ts); once mounted,
 * the remote's own pages ask for what they show.
 */
export function RemoteMount({
  remote,
  route,
  onRetry,
}: {
  remote: RemoteState;
  /** The route the remote was mounted for, if the shell knows it. */
  route?: RemoteRouteDef;
  onRetry: () => void;
}) {
  const location = useLocation();
  const user = useAtomValue(userAtom);
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    if (route) startFirstRead(route, location, user);
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
    // Once a mount (or a reload of the remote): within a mounted remote, its pages read for themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
