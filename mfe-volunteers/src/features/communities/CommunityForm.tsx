import type { ReactNode } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { todayIn } from '@vot/shared/domain';
import { FormActions, RowsEditor, YES_NO_FLAG, showSaveError } from '@vot/shared/lists';
import { type Community, type CommunityInput, communitySchema, type ReferralInput } from '@vot/shared/schemas';
import { FormField, type Option } from '@vot/shared/ui';

import { REFERRAL_COLUMNS, REFERRAL_INPUTS, referralProblem } from './referrals';

export interface CommunityValues {
  volunteer_id: number | null;
  date: string;
  referral: number | null;
  referrals: ReferralInput[];
}

export const NEW_COMMUNITY: CommunityValues = { volunteer_id: null, date: '', referral: null, referrals: [] };

export const valuesOf = (c: Community): CommunityValues => ({
  volunteer_id: c.volunteer.id,
  date: c.date,
  referral: c.referral,
  referrals: c.referrals.map(({ place, male, female, total }) => ({ place, male, female, total })),
});

interface Props {
  initialValues: CommunityValues;
  /** Keep it stable: the options load again when it changes. */
  loadVolunteers: () => Promise<Option[]>;
  submitLabel: string;
  /** Without it the form is shown, not edited (a role that may only read). */
  onSubmit?: (input: CommunityInput) => Promise<void>;
  /** More buttons beside the submit one (Delete). */
  actions?: ReactNode;
}

/**
 * SPEC.md §5 Community: volunteer, date (not after today), referral Yes/No and, for Yes, the
 * referral counts by place. One yup schema checks it here and in the API; the API's refusals
 * show under their fields.
 */
export function CommunityForm({ initialValues, loadVolunteers, submitLabel, onSubmit, actions }: Props) {
  const readOnly = !onSubmit;
  async function submit(values: CommunityValues, helpers: FormikHelpers<CommunityValues>) {
    try {
      await onSubmit!(communitySchema.cast(values, { stripUnknown: true }) as CommunityInput);
    } catch (e) {
      showSaveError(e, helpers);
    }
  }
  return (
    <Formik<CommunityValues> initialValues={initialValues} validationSchema={communitySchema} onSubmit={submit}>
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Community">
          <FormField
            name="volunteer_id"
            label="Volunteer"
            type="select"
            loadOptions={loadVolunteers}
            readOnly={readOnly}
            autoFocus={!readOnly}
          />
          <FormField name="date" label="Date" type="date" max={todayIn} readOnly={readOnly} />
          <FormField name="referral" label="Referral" type="select" options={YES_NO_FLAG} readOnly={readOnly} />
          {values.referral === 1 && (
            <RowsEditor<ReferralInput>
              name="referrals"
              legend="Referral counts"
              inputs={REFERRAL_INPUTS}
              columns={REFERRAL_COLUMNS}
              check={referralProblem}
              readOnly={readOnly}
              emptyMessage="No referral counts yet."
            />
          )}
          <FormActions actions={actions} submitLabel={submitLabel} readOnly={readOnly} submitting={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}
