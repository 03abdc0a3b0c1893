import { useEffect, useState } from 'react';
import { LEDGER_DAY_LABELS, type LedgerDayKind } from '@vot/shared/domain';
import type { LedgerDay } from '@vot/shared/schemas';
import { patientTreatmentApi } from '../patient-treatment.api';
import './Ledger.css';

/** What a day rests on: its provenance when observed or awaiting review, else its status. */
export const dayKind = (d: LedgerDay): LedgerDayKind =>
  d.provenance ?? (d.status === 'not_observed' ? 'not_observed' : 'unrecorded');

/**
 * The dose ledger's counted days of a patient (GET DOT-ledger-days/{id}), a tile a day, oldest
 * first, coloured by what the day rests on, so gaps show; with the key and each kind's count.
 * Nothing while loading, on failure, or off VOT.
 */
export function LedgerDays({ patientId }: { patientId: number }) {
  const [days, setDays] = useState<LedgerDay[]>([]);
  useEffect(() => {
    let live = true;
    Promise.resolve(patientTreatmentApi.ledgerDays(patientId))
      .then((res) => live && setDays(res?.data ?? []))
      .catch(() => live && setDays([]));
    return () => {
      live = false;
    };
  }, [patientId]);
  if (!days.length) return null;
  const counts = new Map<LedgerDayKind, number>();
  for (const d of days) counts.set(dayKind(d), (counts.get(dayKind(d)) ?? 0) + 1);
  return (
    <section className="vot-ledger-days" aria-label="Counted days">
      <h3>Counted days: what each dose rests on</h3>
      <ul className="vot-ledger-days-key" aria-label="Kinds of day">
        {(Object.keys(LEDGER_DAY_LABELS) as LedgerDayKind[])
          .filter((k) => counts.has(k))
          .map((k) => (
            <li key={k} className={`vot-day-kind-${k}`}>
              {LEDGER_DAY_LABELS[k]}: {counts.get(k)}
            </li>
          ))}
      </ul>
      <ol className="vot-ledger-day-tiles">
        {days.map((d) => (
          <li
            key={d.date}
            className={`vot-day-kind-${dayKind(d)}`}
            title={`${d.date}: ${LEDGER_DAY_LABELS[dayKind(d)]}`}
            aria-label={`${d.date}: ${LEDGER_DAY_LABELS[dayKind(d)]}`}
          >
            {Number(d.date.slice(8))}
          </li>
        ))}
      </ol>
    </section>
  );
}
