import { VIDEO_STATE_LABELS, type VideoState } from '@vot/shared/domain';
import './visits.css';

/** "Video uploading" / "Video missing" where a visit's video has not (yet) arrived (the record comes first); nothing otherwise. */
export function VideoStateNote({ state }: { state: VideoState | null }) {
  if (state !== 'uploading' && state !== 'missing') return null;
  return <span className={`vot-video-state vot-video-${state}`}>{VIDEO_STATE_LABELS[state]}</span>;
}
