import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { sessionApi, type ApiError } from '@vot/shared/api';
import { setUser, tokenAtom, userAtom } from '@vot/shared/session';
import { FullScreenSpinner } from '@vot/shared/ui/spinner';

/**
 * At start, a stored token is checked with GET user. A returning user's profile kept from the last
 * visit (@vot/shared/session) lets the page and its data load meanwhile, in parallel with the
 * check; without one, nothing shows before it. A 401 signs out (the API client does that and shows
 * the server's message); a network failure keeps the token and, with no profile to go on, offers
 * a retry, so a field officer on a bad connection is not signed out by a dropped request.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(userAtom);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Only the token found when the page loaded is checked: one signed in on this page came with its user.
  const startToken = useRef(token);
  const [verified, setVerified] = useState(false);
  const checking = Boolean(token) && !user && !failed;

  useEffect(() => {
    if (!token || token !== startToken.current || verified) return;
    let live = true;
    sessionApi.fetchProfile().then(
      (profile) => {
        if (!live) return;
        setVerified(true);
        setUser(profile);
      },
      (e: ApiError) => live && e.status !== 401 && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [token, attempt, verified]);

  if (failed && token && !user) {
    return (
      <main className="vot-center-page" role="alert">
        <h1>Cannot reach the server</h1>
        <p>Your session is kept. Check the connection and try again.</p>
        {/* The theme's button drawn by hand: PrimeReact is not fetched before sign-in. */}
        <button
          type="button"
          className="p-button p-component"
          onClick={() => {
            setFailed(false);
            setAttempt((a) => a + 1);
          }}
        >
          <span className="p-button-icon p-button-icon-left pi pi-refresh" aria-hidden="true" />
          <span className="p-button-label">Retry</span>
        </button>
      </main>
    );
  }
  if (checking) return <FullScreenSpinner />;
  return <>{children}</>;
}

const ChangePasswordPage = lazy(() =>
  import('../account/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
);

/**
 * A signed-in user's pages; an account still on its initial password sees only the password
 * change (the API refuses everything else with 403 until then), with a way out.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  if (!user) return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  if (user.must_change_password) {
    return (
      <main className="vot-login">
        <div className="vot-login-card">
          <Suspense fallback={<FullScreenSpinner />}>
            <ChangePasswordPage initial />
          </Suspense>
          <button type="button" className="p-button p-button-link p-component" onClick={() => void sessionApi.logout()}>
            <span className="p-button-label">Logout</span>
          </button>
        </div>
      </main>
    );
  }
  return <>{children}</>;
}

export function AnonymousOnly({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  if (user) return <Navigate to="/admin/dashboard" replace />;
  return <>{children}</>;
}
