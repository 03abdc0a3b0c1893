import { Link } from 'react-router-dom';
import { CROSS_APP_PATHS } from '@vot/shared/contract';
import type { HomeFigures } from '@vot/shared/schemas';

interface Props {
  /** Undefined while the figures load. */
  figures: HomeFigures | undefined;
}

function Waiting({
  title,
  icon,
  figure,
  to,
  note,
}: {
  title: string;
  icon: string;
  figure: number | undefined;
  to: string;
  note: string;
}) {
  return (
    // Named by what it shows (title, note, figure): a label of its own would hide the note from a
    // screen reader and differ from the visible words a voice user says.
    <Link to={to} className="vot-waiting">
      <i className={`${icon} vot-card-icon`} aria-hidden="true" />
      <span className="vot-waiting-text">
        <span className="vot-waiting-title">{title}</span>
        <span className="vot-waiting-note">{note}</span>
      </span>
      <span className="vot-card-figure">{figure ?? '…'}</span>
    </Link>
  );
}

/**
 * What waits today in the user's townships (docs/decisions/0190-home-waiting-today.md): the videos
 * to review and the follow-ups due, each a link to the screen where they are done.
 */
export function WaitingToday({ figures }: Props) {
  const showVideos = figures === undefined || figures.videos_to_review !== null;
  return (
    <section aria-labelledby="waiting-title" className="vot-waiting-today">
      <h3 id="waiting-title">Waiting today</h3>
      <div className="vot-cards">
        {showVideos && (
          <Waiting
            title="Videos to review"
            icon="pi pi-video"
            figure={figures?.videos_to_review ?? undefined}
            to={CROSS_APP_PATHS.videoReviews}
            note="Patients' videos awaiting a verdict"
          />
        )}
        <Waiting
          title="Follow-ups due"
          icon="pi pi-phone"
          figure={figures?.follow_ups_due ?? undefined}
          to={CROSS_APP_PATHS.followUps}
          note={
            figures
              ? `${figures.follow_ups} ${figures.follow_ups === 1 ? 'patient' : 'patients'} on the missed-dose worklist`
              : 'Missed-dose worklist'
          }
        />
      </div>
    </section>
  );
}
