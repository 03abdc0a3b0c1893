import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AuthRoutes } from './auth/AuthRoutes';
import { AdminLayout } from './layout/AdminLayout';
import { Notices } from './layout/Notices';
import { AnonymousOnly, RequireUser, SessionGate } from './session/SessionGate';

/** /auth for visitors, /admin for signed-in staff; anything else goes to the sign-in page. */
export function App() {
  return (
    <BrowserRouter>
      <Notices />
      <SessionGate>
        <Routes>
          <Route path="/auth/*" element={<AnonymousOnly><AuthRoutes /></AnonymousOnly>} />
          <Route path="/admin/*" element={<RequireUser><AdminLayout /></RequireUser>} />
          <Route path="*" element={<Navigate to="/auth/login" replace />} />
        </Routes>
      </SessionGate>
    </BrowserRouter>
  );
}
