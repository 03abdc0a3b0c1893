import type { ReactNode } from 'react';
import { VISIT_DETAIL_LABELS as L, WORK_LABELS, actionTexts, workStatusLabel } from '@vot/shared/domain';
import { LoadError, useRecord } from '@vot/shared/lists';
import { APP_WORK, type VisitDetail as Visit } from '@vot/shared/schemas';
import { FullScreenSpinner } from '@vot/shared/ui';
import { VideoStateNote } from './VideoStateNote';
import { visitsApi } from './visits.api';
import './visits.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? '-' : children}</dd>
    </div>
  );
}

function Video({ url }: { url: string | null }) {
  // A signed link: the player streams it with range requests, so the staff member can seek.
  return url ? <video className="vot-visit-video" src={url} controls preload="metadata" aria-label={L.video} /> : null;
}

/**
 * What a visit record says, by its work (SPEC.md §2 VOT calendar): works 1 and 2 everything the
 * volunteer recorded; work 3 the patient's video; work 4 the date only; the dashboard's own
 * records their remark. Labels are Burmese, from @vot/shared/domain.
 */
export function VisitFacts({ visit }: { visit: Visit }) {
  const volunteerVisit = visit.work === APP_WORK.ownVisit || visit.work === APP_WORK.videoObserved;
  if (visit.work === APP_WORK.supervisor) {
    return (
      <dl className="vot-visit-detail">
        <Row label={L.date}>{visit.date}</Row>
      </dl>
    );
  }
  if (visit.work === APP_WORK.videoSent) {
    return (
      <dl className="vot-visit-detail">
        <Row label={L.date}>{visit.date}</Row>
        <Row label={L.video}>
          {visit.video_url ? (
            <Video url={visit.video_url} />
          ) : (
            visit.video_state && <VideoStateNote state={visit.video_state} />
          )}
        </Row>
        <Row label={L.remark}>{visit.remark}</Row>
        <Row label={L.lateRemark}>{visit.late_remark}</Row>
      </dl>
    );
  }
  return (
    <dl className="vot-visit-detail">
      <Row label={L.date}>{visit.date}</Row>
      {visit.created === 'dashboard' && <Row label={L.remark}>{visit.remark}</Row>}
      {volunteerVisit && (
        <>
          <Row label={L.medicines}>
            {visit.DOT_records.length > 0 && (
              <ul>
                {visit.DOT_records.map((m, i) => (
                  <li key={i}>
                    {m.medicine_name} — {L.quantity} {m.quantity}
                  </li>
                ))}
              </ul>
            )}
          </Row>
          <Row label={L.workType}>{WORK_LABELS[visit.work]}</Row>
          <Row label={L.workStatus}>{workStatusLabel(visit.work_status)}</Row>
          <Row label={L.healthCondition}>{visit.patient_condition}</Row>
          <Row label={L.duration}>{visit.long}</Row>
          <Row label={L.minorSideEffects}>{visit.minor_side_effects}</Row>
          <Row label={L.majorSideEffects}>{visit.major_side_effects}</Row>
          <Row label={L.actions}>
            {visit.actions && (
              <ul>
                {actionTexts(visit.actions).map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
          </Row>
          <Row label={L.video}>
            <Video url={visit.video_url} />
          </Row>
          <Row label={L.signature}>
            {visit.sign_url && <img className="vot-visit-sign" src={visit.sign_url} alt={L.signature} />}
          </Row>
          {visit.created !== 'dashboard' && <Row label={L.remark}>{visit.remark}</Row>}
          <Row label={L.lateRemark}>{visit.late_remark}</Row>
        </>
      )}
      <Row label={L.volunteer}>{visit.change_volunteer?.volunteer?.name}</Row>
      <Row label={L.type}>{visit.change_volunteer?.type}</Row>
    </dl>
  );
}

/** The VOT visit detail dialog's body: the record read fresh (its file links are short-lived). */
export function VisitDetail({ id }: { id: number }) {
  const visit = useRecord(visitsApi.show, id);
  if (visit.status === 'loading') return <FullScreenSpinner />;
  if (visit.status === 'failed') return <LoadError message={visit.message} onRetry={visit.retry} />;
  if (visit.status !== 'found') return <p>DOT not found.</p>;
  return <VisitFacts visit={visit.record} />;
}
