import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { PATIENT_PAGE_SIZE } from '@vot/shared/domain';
import { PagedListPage, usePagedList, type ColumnDef } from '@vot/shared/lists';
import type { VideoReviewRow } from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { ReviewPlayer, type Speed } from './ReviewPlayer';
import { videoReviewsApi } from './video-reviews.api';
import './VideoReviews.css';

const codes = (p: VideoReviewRow['patient']) => [p.SP_code, p.RR_code, p.DRTB_code].filter(Boolean).join(', ');

/** A typed key is a verdict only outside a field (a remark being typed keeps its T and N). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * /admin/video-reviews: the patients' videos awaiting a verdict, oldest first
 * (docs/decisions/0174-video-review-queue.md). Made for many in a row: the oldest video plays in
 * place at the chosen speed, T or N gives it its verdict (Dose taken, Not taken), and the next one
 * comes up at once (it was loaded behind it) while the queue reloads; the count says what is left.
 */
export default function VideoReviewList() {
  const list = usePagedList<VideoReviewRow>(videoReviewsApi.list, true);
  const [busy, setBusy] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  // Decided here but maybe still in the page until it reloads: skipped, so the next plays at once.
  const [decided, setDecided] = useState<ReadonlySet<number>>(new Set());
  const busyRef = useRef(false);
  const waiting = list.rows.filter((r) => !decided.has(r.id));
  const [first, second] = waiting;
  const left = Math.max(0, list.total - list.rows.filter((r) => decided.has(r.id)).length);

  const decide = useCallback(
    async (row: VideoReviewRow, dose_taken: boolean) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      try {
        const res = await videoReviewsApi.verdict(row.id, { dose_taken });
        notify('success', res.message ?? 'Verdict has been created successfully!');
        setDecided((d) => new Set(d).add(row.id));
        list.reload();
      } catch {
        // The API's message is shown by the call; the video stays in the queue.
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [list],
  );

  useEffect(() => {
    if (!first) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 't' || key === 'n') {
        e.preventDefault();
        void decide(first, key === 't');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [first, decide]);

  const columns: ColumnDef<VideoReviewRow>[] = [
    {
      field: 'patient',
      header: 'Patient',
      minWidth: '8rem',
      body: (r) => (
        <>
          {r.patient.name}
          {r === first && <span className="vot-review-now"> (playing)</span>}
          <br />
          <small>{codes(r.patient)}</small>
        </>
      ),
    },
    { field: 'township', header: 'Township', body: (r) => r.township?.name ?? '-' },
    { field: 'volunteer', header: 'Volunteer', body: (r) => r.volunteer?.name ?? '-' },
    { field: 'date', header: 'Day', nowrap: true },
    { field: 'hours_waited', header: 'Waited', nowrap: true, body: (r) => `${r.hours_waited} h` },
  ];

  return (
    <PagedListPage
      title="Video Reviews"
      list={{ ...list, rows: waiting, total: left }}
      columns={columns}
      pageSize={PATIENT_PAGE_SIZE}
      intro={
        <>
          <p>
            <strong>{left}</strong> {left === 1 ? 'video' : 'videos'} left. Keys: T dose taken, N not taken (the video
            playing).
          </p>
          {first && (
            <ReviewPlayer
              row={first}
              next={second}
              speed={speed}
              onSpeed={setSpeed}
              busy={busy}
              onVerdict={(r, taken) => void decide(r, taken)}
            />
          )}
        </>
      }
      emptyMessage="No videos await a verdict."
      rowActions={(r) => (
        <span className="vot-nowrap">
          <Button
            label="Dose taken"
            icon="pi pi-check"
            size="small"
            severity="success"
            disabled={busy}
            onClick={() => void decide(r, true)}
          />{' '}
          <Button
            label="Not taken"
            icon="pi pi-times"
            size="small"
            severity="danger"
            disabled={busy}
            onClick={() => void decide(r, false)}
          />
        </span>
      )}
    />
  );
}
