import { useEffect, useState } from 'react';
import type { FollowUpCase } from '@vot/shared/schemas';
import { useCan } from '@vot/shared/ui';
import { followUpsApi } from './follow-ups.api';
import './FollowUps.css';

const recordedOn = (at: string) => new Date(at).toLocaleDateString('en-CA');

/** How a case stands: open, or closed by an observed dose or the end of VOT. */
const standing = (c: FollowUpCase) => (c.closed ? `Closed ${c.closed.on}: ${c.closed.reason.toLowerCase()}` : 'Open');

/**
 * A VOT patient's follow-up history (GET follow-ups/{id}) on the patient view: each missed run
 * someone acted on, newest first, how it closed, and its actions. Nothing for a role that does not
 * read follow-ups, while loading, on failure, or before any action.
 */
export function FollowUpHistory({ patientId }: { patientId: number }) {
  const mayRead = useCan('follow-ups', 'read');
  const [cases, setCases] = useState<FollowUpCase[]>([]);
  useEffect(() => {
    if (!mayRead) return;
    const abort = new AbortController();
    Promise.resolve(followUpsApi.historyOf(patientId, abort.signal))
      .then((res) => setCases(res?.data ?? []))
      .catch(() => setCases([]));
    return () => abort.abort();
  }, [patientId, mayRead]);
  if (!cases.length) return null;
  return (
    <section className="vot-follow-ups" aria-label="Follow-ups">
      <h3>Follow-ups</h3>
      {cases.map((c) => (
        <div key={c.case_since} className="vot-follow-up-case">
          <p>
            <strong>Missed run after {c.case_since}</strong> —{' '}
            <span data-testid="follow-up-standing">{standing(c)}</span>
          </p>
          <table>
            <thead>
              <tr>
                <th>Recorded</th>
                <th>Action</th>
                <th>Outcome</th>
                <th>Remark</th>
                <th>Next Date</th>
                <th>By</th>
              </tr>
            </thead>
            <tbody>
              {c.actions.map((a) => (
                <tr key={a.id}>
                  <td>{recordedOn(a.created_at)}</td>
                  <td>{a.action}</td>
                  <td>{a.outcome}</td>
                  <td>{a.remark ?? ''}</td>
                  <td>{a.next_date ?? ''}</td>
                  <td>{a.recorded_by ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
