import { useEffect, useState } from 'react';
import type { LedgerSummary } from '@vot/shared/schemas';
import { votPatientApi } from '../vot-patient.api';
import { adherenceText, bandText, daysText, sinceText, warns } from './ledger';
import './Ledger.css';

/**
 * The dose ledger of a VOT patient (GET DOT-ledger/{id}) on the patient view: adherence, the
 * missed-dose band, the longest missed run and the days since the last observed dose. Nothing while
 * loading, on failure, or off VOT: the page around it works without it.
 */
export function LedgerPanel({ patientId }: { patientId: number }) {
  const [ledger, setLedger] = useState<LedgerSummary | null>(null);
  useEffect(() => {
    let live = true;
    Promise.resolve(votPatientApi.ledger(patientId))
      .then((res) => live && setLedger(res?.data ?? null))
      .catch(() => live && setLedger(null));
    return () => {
      live = false;
    };
  }, [patientId]);
  if (!ledger) return null;
  return (
    <dl className="vot-ledger" aria-label="Dose ledger">
      <h3>Dose ledger</h3>
      <div>
        <dt>Adherence</dt>
        <dd data-testid="ledger-adherence">{adherenceText(ledger)}</dd>
      </div>
      <div>
        <dt>Missed doses</dt>
        <dd
          data-testid="ledger-band"
          className={ledger.missed_band ? `vot-ledger-band-${ledger.missed_band}` : undefined}
        >
          {bandText(ledger)}
        </dd>
      </div>
      <div>
        <dt>Longest missed run</dt>
        <dd data-testid="ledger-longest">{daysText(ledger.longest_missed_run)}</dd>
      </div>
      <div>
        <dt>Since last observed dose</dt>
        <dd data-testid="ledger-since" className={warns(ledger) ? 'vot-ledger-warning' : undefined}>
          {sinceText(ledger)}
        </dd>
      </div>
      <p className="vot-ledger-note" data-testid="ledger-note">
        {ledger.days_elapsed === 0
          ? 'No VOT day counted yet.'
          : `${ledger.observed_days} of ${ledger.days_elapsed} days observed (${ledger.counted_from} to ${ledger.counted_to}): ${ledger.not_observed_days} not observed, ${ledger.unrecorded_days} unrecorded.`}
        {warns(ledger) && (
          <strong className="vot-ledger-warning"> Missed {ledger.current_missed_run} days in a row.</strong>
        )}
      </p>
    </dl>
  );
}
