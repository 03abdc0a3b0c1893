import { setIn, type FormikErrors, type FormikHelpers, type FormikTouched } from 'formik';
import { ApiError } from '@vot/shared/api';
import { UI_MESSAGES } from '@vot/shared/domain';
import { notify } from '@vot/shared/session';

/**
 * A refused save (SPEC.md §8): each field's first server message goes under its field (paths such
 * as `referrals.0.place` included), the first one into a notice, and the typed values stay.
 */
export function showSaveError<V>(e: unknown, helpers: Pick<FormikHelpers<V>, 'setErrors' | 'setTouched'>): void {
  const error = e instanceof ApiError ? e : new ApiError(UI_MESSAGES.somethingWrong, 0);
  let errors: object = {};
  let touched: object = {};
  for (const [path, messages] of Object.entries(error.errors)) {
    if (!messages[0]) continue;
    errors = setIn(errors, path, messages[0]);
    touched = setIn(touched, path, true);
  }
  helpers.setErrors(errors as FormikErrors<V>);
  void helpers.setTouched(touched as FormikTouched<V>, false);
  notify('error', error.message);
}
