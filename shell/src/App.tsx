import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner } from '@vot/shared/ui/spinner';
import { AuthRoutes } from './auth/AuthRoutes';
import { loadAdminLayout } from './layout/load';
import { Notices } from './layout/Notices';
import { AnonymousOnly, RequireUser, SessionGate } from './session/SessionGate';

// The signed-in console (menu, remotes' registry and loader, dashboard) is fetched after sign-in:
// the sign-in page is the first visit on a township's slow link and needs only its form.
const AdminLayout = lazy(() => loadAdminLayout().then((m) => ({ default: m.AdminLayout })));

/** /auth for visitors, /admin for signed-in staff; anything else goes to the sign-in page. */
export function App() {
  return (
    <BrowserRouter>
      <Notices />
      <SessionGate>
        <Routes>
          <Route
            path="/auth/*"
            element={
              <AnonymousOnly>
                <AuthRoutes />
              </AnonymousOnly>
            }
          />
          <Route
            path="/admin/*"
            element={
              <RequireUser>
                <Suspense fallback={<FullScreenSpinner />}>
                  <AdminLayout />
                </Suspense>
              </RequireUser>
            }
          />
          <Route path="*" element={<Navigate to="/auth/login" replace />} />
        </Routes>
      </SessionGate>
    </BrowserRouter>
  );
}
