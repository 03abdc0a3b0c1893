import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from './LoginPage';

export function AuthRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="*" element={<Navigate to="/auth/login" replace />} />
    </Routes>
  );
}
