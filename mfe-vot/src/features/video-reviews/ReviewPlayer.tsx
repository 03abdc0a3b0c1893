import { useEffect, useRef } from 'react';
import { Button } from 'primereact/button';
import type { VideoReviewRow } from '@vot/shared/schemas';

/** The speeds a reviewer picks from: a dose video watched at 2× still shows the tablets swallowed. */
export const SPEEDS = [1, 1.5, 2] as const;
export type Speed = (typeof SPEEDS)[number];

interface Props {
  /** The video being reviewed: the oldest not yet decided. */
  row: VideoReviewRow;
  /** The one after it, loaded ahead so it plays at once after the verdict. */
  next: VideoReviewRow | undefined;
  speed: Speed;
  onSpeed: (speed: Speed) => void;
  busy: boolean;
  onVerdict: (row: VideoReviewRow, doseTaken: boolean) => void;
}

const codes = (p: VideoReviewRow['patient']) => [p.SP_code, p.RR_code, p.DRTB_code].filter(Boolean).join(', ');

/**
 * The video under review, played in place at the chosen speed (kept from one video to the next),
 * with its verdict buttons; the next video is loaded behind it. Muted so the browser lets it play
 * by itself; the controls unmute it.
 */
export function ReviewPlayer({ row, next, speed, onSpeed, busy, onVerdict }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (!video.current) return;
    video.current.defaultPlaybackRate = speed;
    video.current.playbackRate = speed;
  }, [speed, row.id]);

  return (
    <section className="vot-review-player" aria-label="Video under review">
      {row.video_url ? (
        <video
          key={row.id}
          ref={video}
          src={row.video_url}
          controls
          autoPlay
          muted
          playsInline
          preload="auto"
          onLoadedMetadata={(e) => (e.currentTarget.playbackRate = speed)}
          aria-label={`Video of ${row.patient.name}, ${row.date}`}
        />
      ) : (
        <p className="vot-review-no-file">No video file</p>
      )}
      {next?.video_url && <video key={`next-${next.id}`} src={next.video_url} preload="auto" muted hidden />}
      <div className="vot-review-facts">
        <h3>{row.patient.name}</h3>
        <p>
          {codes(row.patient)}
          <br />
          Day {row.date} · {row.township?.name ?? '-'} ·{' '}
          {row.volunteer ? `volunteer ${row.volunteer.name}` : 'no volunteer'}
          <br />
          Waited {row.hours_waited} h{row.late_remark ? ` · sent late: ${row.late_remark}` : ''}
        </p>
        <div role="group" aria-label="Speed" className="vot-review-speed">
          <span aria-hidden="true">Speed</span>
          {SPEEDS.map((s) => (
            <Button
              key={s}
              type="button"
              label={`${s}×`}
              size="small"
              outlined={s !== speed}
              aria-pressed={s === speed}
              aria-label={`Speed ${s}×`}
              onClick={() => onSpeed(s)}
            />
          ))}
        </div>
        <div className="vot-review-verdict">
          <Button
            label="Dose taken (T)"
            icon="pi pi-check"
            severity="success"
            disabled={busy}
            aria-keyshortcuts="T"
            onClick={() => onVerdict(row, true)}
          />
          <Button
            label="Not taken (N)"
            icon="pi pi-times"
            severity="danger"
            disabled={busy}
            aria-keyshortcuts="N"
            onClick={() => onVerdict(row, false)}
          />
        </div>
      </div>
    </section>
  );
}
