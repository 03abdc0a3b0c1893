import type { ReactNode } from 'react';
import { LoadError, useRecord } from '@vot/shared/lists';
import { FullScreenSpinner } from '@vot/shared/ui';
import { VideoStateNote } from './VideoStateNote';
import { visitsApi } from './visits.api';
import './visits.css';

/** The 'VOT Status Detail' dialog's body (SPEC.md §2 VOT status screen): date, video link, remark, late remark, patient condition. */
export function StatusDetail({ id }: { id: number }) {
  const visit = useRecord(visitsApi.show, id);
  if (visit.status === 'loading') return <FullScreenSpinner />;
  if (visit.status === 'failed') return <LoadError message={visit.message} onRetry={visit.retry} />;
  if (visit.status !== 'found') return <p>DOT not found.</p>;
  const v = visit.record;
  const facts: [string, ReactNode][] = [
    ['Date', v.date],
    [
      'Video',
      v.video_url ? (
        <a href={v.video_url} target="_blank" rel="noreferrer">
          Open video
        </a>
      ) : (
        <VideoStateNote state={v.video_state} />
      ),
    ],
    ['Remark', v.remark],
    ['Remark for being late', v.late_remark],
    ['Patient Condition', v.patient_condition],
  ];
  return (
    <dl className="vot-visit-detail">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '-'}</dd>
        </div>
      ))}
    </dl>
  );
}
