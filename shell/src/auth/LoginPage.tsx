import { useState } from 'react';
import { Form, Formik } from 'formik';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ApiError, sessionApi } from '@vot/shared/api';
import { loginSchema, type LoginInput } from '@vot/shared/schemas';
import { FormField } from '@vot/shared/ui';
import logoPartner from '../assets/logo-partner.svg';
import logoProgramme from '../assets/logo-programme.svg';

/** Email, password, Sign in ('Loading' while busy). The server's message is shown as it is. */
export function LoginPage() {
  const [error, setError] = useState<string | null>(null);
  async function submit(values: LoginInput) {
    setError(null);
    try {
      await sessionApi.login(values);
      // AnonymousOnly moves a signed-in user to the dashboard.
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something was wrong!');
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
        <Formik<LoginInput> initialValues={{ email: '', password: '' }} validationSchema={loginSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Sign in">
              <FormField name="email" label="Email" type="email" autoFocus />
              <FormField name="password" label="Password" type="password" />
              {error && <Message severity="error" text={error} className="vot-login-error" />}
              <Button type="submit" label={isSubmitting ? 'Loading' : 'Sign in'} disabled={isSubmitting} className="vot-login-submit" />
            </Form>
          )}
        </Formik>
      </div>
    </main>
  );
}
