import { useEffect, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Patient } from '../schemas/patient-records';
import { FullScreenSpinner } from '../ui';
import { RecordUnavailable } from './RecordUnavailable';
import { useRecord } from './useRecord';

interface Props {
  /** The patient of the route's :id, read fresh: a quiet call (this page says why it is not shown). */
  load: (id: number) => Promise<{ data: Patient }>;
  /**
   * What the page reads besides the patient (its list's first page), started with the patient's
   * read rather than after it: `callEarly` of @vot/shared/api, which the page's own call then takes.
   */
  alongside?: (patientId: number, search: URLSearchParams) => void;
  /** Where 'Patient not found.' leads instead: a list of patients and its name. */
  listPath: string;
  listLabel: string;
  /** The page's own frame, labelled by its heading; none: the children are the page. */
  labelledBy?: string;
  children: (patient: Patient, replace: (p: Patient) => void) => ReactNode;
}

const idOf = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/**
 * A page about the patient of the route's :id: the spinner while it loads, 'Patient not found.'
 * (or why it could not be read, with Retry) when it cannot be shown, else `children` with the
 * patient and how to replace it after a save.
 */
export function PatientPage({ load, alongside, listPath, listLabel, labelledBy, children }: Props) {
  const { id } = useParams();
  // Before useRecord's read, in the same commit: both requests go out together.
  const patientId = idOf(id);
  const [search] = useSearchParams();
  useEffect(() => {
    if (patientId !== null) alongside?.(patientId, search);
    // Once a patient: a new render's function is the same request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [patientId]);
  const state = useRecord(load, id);
  if (state.status === 'loading') return <FullScreenSpinner />;
  if (state.status === 'failed')
    return (
      <RecordUnavailable
        entity="Patient"
        listPath={listPath}
        listLabel={listLabel}
        message={state.message}
        onRetry={state.retry}
      />
    );
  if (state.status !== 'found') return <RecordUnavailable entity="Patient" listPath={listPath} listLabel={listLabel} />;
  const page = children(state.record, state.replace);
  return labelledBy ? (
    <section className="vot-list-page" aria-labelledby={labelledBy}>
      {page}
    </section>
  ) : (
    <>{page}</>
  );
}
