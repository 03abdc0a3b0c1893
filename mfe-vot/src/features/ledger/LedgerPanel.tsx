import { useEffect, useState } from 'react';
import type { LedgerSummary } from '@vot/shared/schemas';
import { patientTreatmentApi } from '../patient-treatment.api';
import { adherenceText, bandText, daysText, sinceText, verifiedDiffers, verifiedText, warns } from './ledger';
import { LedgerDays } from './LedgerDays';
import './Ledger.css';

/**
 * The dose ledger of a VOT patient (GET DOT-ledger/{id}) on the patient view: adherence (reported,
 * and verified beside it where they differ: docs/decisions/0130-dose-verdicts.md), the missed-dose band, the longest missed run and the days since the last observed dose. Nothing while
 * loading, on failure, or off VOT: the page around it works without it.
 */
export function LedgerPanel({ patientId }: { patientId: number }) {
  const [ledger, setLedger] = useState<LedgerSummary | null>(null);
  useEffect(() => {
    let live = true;
    Promise.resolve(patientTreatmentApi.ledger(patientId))
      .then((res) => live && setLedger(res?.data ?? null))
      .catch(() => live && setLedger(null));
    return () => {
      live = false;
    };
  }, [patientId]);
  if (!ledger) return null;
  return (
    <>
      {panel(ledger)}
      <LedgerDays patientId={patientId} />
    </>
  );
}

function panel(ledger: LedgerSummary) {
  return (
    <dl className="vot-ledger" aria-label="Dose ledger">
      <h3>Dose ledger</h3>
      <div>
        <dt>{verifiedDiffers(ledger) ? 'Reported adherence' : 'Adherence'}</dt>
        <dd data-testid="ledger-adherence">{adherenceText(ledger)}</dd>
      </div>
      {verifiedDiffers(ledger) && (
        <div>
          <dt>Verified adherence</dt>
          <dd data-testid="ledger-verified">{verifiedText(ledger)}</dd>
        </div>
      )}
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
        {verifiedDiffers(ledger) &&
          ` ${ledger.verified_days} verified (in person or a reviewed video); the others rest on staff records, no-app ticks or videos not reviewed.`}
        {ledger.awaiting_review_days > 0 &&
          ` ${ledger.awaiting_review_days} ${ledger.awaiting_review_days === 1 ? 'day awaits' : 'days await'} video review (not counted yet).`}
        {warns(ledger) && (
          <strong className="vot-ledger-warning"> Missed {ledger.current_missed_run} days in a row.</strong>
        )}
      </p>
    </dl>
  );
}
