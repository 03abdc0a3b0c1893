import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { useRecord } from '@vot/shared/lists';
import { patientsApi } from './patient.api';
import { PATIENT_LISTS } from './patient.lists';

/** The patient of a route's :id, read fresh (its password shows only while it is the generated one). */
export const usePatient = (rawId: string | undefined) => useRecord(patientsApi.show, rawId);

/** What a patient's page shows instead of the patient: 'Patient not found.', or why it could not be read. */
export function PatientUnavailable({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <section className="vot-module-unavailable" role="alert">
      <i className="pi pi-user-minus" aria-hidden="true" />
      <h2>{message ?? 'Patient not found.'}</h2>
      {!message && <p>The patient may have been moved to the trash, or belongs to a township that is not yours.</p>}
      <p>
        {onRetry && <Button type="button" label="Retry" onClick={onRetry} style={{ marginRight: '1rem' }} />}
        <Link to={PATIENT_LISTS.tb.path}>Go to the TB Patient List</Link>
      </p>
    </section>
  );
}
