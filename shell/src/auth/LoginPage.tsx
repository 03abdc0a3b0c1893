import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, loadHttp, sessionApi } from '@vot/shared/api';
import { loginSchema, type LoginInput } from '@vot/shared/schemas/session';
import { validate, type FieldErrors } from '@vot/shared/schemas/validate';
import logoPartner from '../assets/logo-partner.svg';
import logoProgramme from '../assets/logo-programme.svg';
import { openConsoleEarly } from '../layout/load';
import { LoginField } from './LoginField';

const EMPTY: LoginInput = { email: '', password: '' };

/**
 * Email, password, Sign in ('Loading' while busy). The server's message is shown as it is.
 *
 * The first page on a township's slow link, so it is plain HTML in the theme's classes, checked
 * with the login schema the API checks with (yup alone), and neither formik nor PrimeReact's code
 * is fetched until the console opens (docs/decisions/0017). Messages show
 * as the kit's forms show them: after Sign in, or once a field was changed and left.
 */
export function LoginPage() {
  const [values, setValues] = useState<LoginInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [left, setLeft] = useState<Set<keyof LoginInput>>(new Set());
  const edited = useRef(new Set<keyof LoginInput>());
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void validate(loginSchema, values).then((r) => live && setErrors(r.ok ? {} : r.errors));
    return () => {
      live = false;
    };
  }, [values]);

  const change = (name: keyof LoginInput, value: string) => {
    // The API client's axios comes as the user starts to type, not with the page (decision 0193).
    if (!edited.current.size) loadHttp().catch(() => undefined);
    edited.current.add(name);
    setValues((v) => ({ ...v, [name]: value }));
  };
  const leave = (name: keyof LoginInput) => {
    if (edited.current.has(name)) setLeft((l) => new Set(l).add(name));
  };
  const messageOf = (name: keyof LoginInput) => (submitted || left.has(name) ? errors[name]?.[0] : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const checked = await validate(loginSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setError(null);
    setBusy(true);
    // The console's code and registry come down while the password is checked.
    openConsoleEarly();
    try {
      await sessionApi.login(checked.value);
      // AnonymousOnly moves a signed-in user to the dashboard.
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something was wrong!');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="vot-login">
      <div className="vot-login-card">
        <div className="vot-logos">
          <img src={logoProgramme} alt="VOT Console" height={40} />
          <img src={logoPartner} alt="National TB Programme" height={40} />
        </div>
        <h1>Sign in</h1>
        <form noValidate aria-label="Sign in" onSubmit={(e) => void submit(e)}>
          <LoginField
            name="email"
            label="Email"
            type="email"
            value={values.email}
            message={messageOf('email')}
            onChange={change}
            onLeave={leave}
            autoFocus
          />
          <LoginField
            name="password"
            label="Password"
            type="password"
            value={values.password}
            message={messageOf('password')}
            onChange={change}
            onLeave={leave}
          />
          {error && (
            // PrimeReact's inline Message, in its own classes.
            <div className="p-inline-message p-component p-inline-message-error vot-login-error" role="alert">
              <span className="p-inline-message-icon pi pi-times-circle" aria-hidden="true" />
              <span className="p-inline-message-text">{error}</span>
            </div>
          )}
          <button
            type="submit"
            className={`p-button p-component vot-login-submit${busy ? ' p-disabled' : ''}`}
            disabled={busy}
          >
            <span className="p-button-label">{busy ? 'Loading' : 'Sign in'}</span>
          </button>
        </form>
      </div>
    </main>
  );
}
