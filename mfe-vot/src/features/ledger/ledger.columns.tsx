import type { ColumnDef, ExportColumn } from '@vot/shared/lists';
import type { LedgerSummary, PatientExportRow, PatientListRow } from '@vot/shared/schemas';
import { adherenceText, bandText, warns } from './ledger';
import './Ledger.css';

/**
 * Adherence and the missed-dose band, each saying what it counts (the ledger's definitions: observed
 * days, and missed days, of the days elapsed), so "20.0%" beside "over 50%" never reads as one
 * figure contradicting the other.
 */
export function AdherenceCell({ ledger }: { ledger: LedgerSummary | null | undefined }) {
  if (!ledger || ledger.adherence == null) return <span>-</span>;
  return (
    <span className="vot-ledger-cell">
      <span>{adherenceText(ledger)} observed</span>
      <span className={`vot-ledger-band-${ledger.missed_band}`}>{bandText(ledger).toLowerCase()} missed</span>
    </span>
  );
}

/** The VOT Status lists' ledger column (the row's `ledger`, GET patients): adherence, and the run in red once it warns. */
export const ledgerColumn: ColumnDef<PatientListRow> = {
  field: 'ledger',
  header: 'Adherence',
  body: (p) => (
    <>
      <AdherenceCell ledger={p.ledger} />
      {warns(p.ledger) && <strong className="vot-ledger-warning">{p.ledger!.current_missed_run} in a row</strong>}
    </>
  ),
};

/** The ledger's columns of the lists' exports. */
export const ledgerExportColumns: ExportColumn<PatientExportRow>[] = [
  { header: 'Adherence %', value: (r) => r.ledger?.adherence ?? '' },
  { header: 'Missed Doses', value: (r) => (r.ledger ? bandText(r.ledger) : '') },
  { header: 'Missed In A Row', value: (r) => r.ledger?.current_missed_run ?? '' },
  { header: 'Longest Missed Run', value: (r) => r.ledger?.longest_missed_run ?? '' },
  { header: 'Days Since Last Observed Dose', value: (r) => r.ledger?.days_since_last_observed ?? '' },
];
