import '../primereact-nonce';
import '../console-styles';
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes, useMatch } from 'react-router-dom';
import { userAtom } from '@vot/shared/session';
import { FullScreenSpinner } from '@vot/shared/ui';
import { ChangePasswordPage } from '../account/ChangePasswordPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { buildMenu, canVisit, routeTable } from '../remotes/menu';
import { ModuleUnavailable } from '../remotes/ModuleUnavailable';
import { prefetchWhenIdle } from '../remotes/prefetch';
import { RemoteMount } from '../remotes/RemoteMount';
import { useRegistry } from '../remotes/useRegistry';
import { registerServiceWorker } from '../service-worker/register';
import { ConnectionBanner } from './ConnectionBanner';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useMenuCounts } from './useMenuCounts';
import { useWideScreen } from './useWideScreen';

/** Strips the /admin/ prefix: these routes are nested under /admin/*. */
const relative = (path: string) => path.replace(/^\/admin\//, '');

export function AdminLayout() {
  const user = useAtomValue(userAtom);
  const { registry, reload } = useRegistry();
  const wide = useWideScreen();
  const [open, setOpen] = useState(wide);
  useEffect(() => setOpen(wide), [wide]);
  useEffect(registerServiceWorker, []);

  const remotes = registry.status === 'ready' ? registry.remotes : [];
  const sections = buildMenu(remotes, user);
  const counts = useMenuCounts(sections);
  // While the dashboard is idle, the remote the user's role opens next comes down the link.
  const onDashboard = Boolean(useMatch('/admin/dashboard'));
  useEffect(() => {
    if (onDashboard && user && registry.status === 'ready') prefetchWhenIdle(user.role, registry.remotes);
  }, [onDashboard, user, registry]);
  const someUnreachable = registry.status === 'failed' || remotes.some((r) => r.enabled && !r.module);

  function remoteElement(entry: ReturnType<typeof routeTable>[number]) {
    if (!canVisit(entry.route, user)) return <ModuleUnavailable reason="forbidden" />;
    if (!entry.remote.enabled) return <ModuleUnavailable reason="disabled" />;
    return <RemoteMount key={entry.remote.id} remote={entry.remote} route={entry.route} onRetry={reload} />;
  }

  // While remotes.json loads we cannot tell a remote's path from an unknown one.
  const unknown =
    registry.status === 'loading' ? (
      <FullScreenSpinner />
    ) : someUnreachable ? (
      <ModuleUnavailable reason="unreachable" onRetry={reload} />
    ) : (
      <Navigate to="/admin/dashboard" replace />
    );

  return (
    <div className={`vot-layout ${open ? 'vot-menu-open' : 'vot-menu-closed'}`}>
      <TopBar menuOpen={open} onToggleMenu={() => setOpen((o) => !o)} />
      {open && <Sidebar sections={sections} counts={counts} onNavigate={() => !wide && setOpen(false)} />}
      <main className="vot-content" id="main">
        <Routes>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="change-password" element={<ChangePasswordPage />} />
          {routeTable(remotes).map((entry) => (
            <Route key={entry.route.path} path={relative(entry.route.path)} element={remoteElement(entry)} />
          ))}
          <Route path="*" element={unknown} />
        </Routes>
      </main>
      {/* In the signed-in console only: the sign-in page's bytes are its form's (bench/startup-bytes.mjs). */}
      <ConnectionBanner />
    </div>
  );
}
