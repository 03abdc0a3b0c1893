import '../primereact-nonce';
import '../console-styles';
import { Form, Formik, type FormikErrors, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { ApiError, sessionApi } from '@vot/shared/api';
import { changePasswordSchema, type ChangePasswordInput } from '@vot/shared/schemas';
import { notify, setUser } from '@vot/shared/session';
import { BackButton, FormField } from '@vot/shared/ui';

const EMPTY: ChangePasswordInput = { current_password: '', new_password: '', new_password_confirmation: '' };

/**
 * Current, new and confirmation; whatever the server answers is what the user reads. `initial`:
 * the account signed in with the password an administrator handed out, and the API answers nothing
 * else until it is changed; the console then opens (the profile, read again, says so).
 */
export function ChangePasswordPage({ initial = false }: { initial?: boolean }) {
  async function submit(values: ChangePasswordInput, helpers: FormikHelpers<ChangePasswordInput>) {
    try {
      const res = await sessionApi.changePassword(values);
      notify('success', res.message);
      helpers.resetForm();
      if (initial) setUser(await sessionApi.fetchProfile());
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError('Something was wrong!', 0);
      notify('error', error.message);
      const fields = Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]]));
      helpers.setErrors(fields as FormikErrors<ChangePasswordInput>);
    }
  }
  return (
    <section className="vot-narrow-page" aria-labelledby="change-password-title">
      <header className="vot-list-header">
        {!initial && <BackButton />}
        <h2 id="change-password-title">Change Password</h2>
      </header>
      {initial && <p>You signed in with an initial password. Choose your own password to continue.</p>}
      <Formik initialValues={EMPTY} validationSchema={changePasswordSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Change Password">
            <FormField name="current_password" label="Current Password" type="password" autoFocus />
            <FormField name="new_password" label="New Password" type="password" />
            <FormField name="new_password_confirmation" label="New Password Confirmation" type="password" />
            <Button type="submit" label={isSubmitting ? 'Loading' : 'Change Password'} loading={isSubmitting} />
          </Form>
        )}
      </Formik>
    </section>
  );
}
