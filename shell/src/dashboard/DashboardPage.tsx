import { useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useNavigate } from 'react-router-dom';
import { CROSS_APP_PATHS } from '@vot/shared/contract';
import { VOT_CRITERIA } from '@vot/shared/domain';
import type { HomeHeadlines } from '@vot/shared/schemas';
import { useCan } from '@vot/shared/ui';
import { SupervisionFigures } from './SupervisionFigures';
import { useHomeFigures, type HomePeriod } from './useHomeFigures';
import { WaitingToday } from './WaitingToday';

interface HomeCard {
  title: string;
  icon: string;
  path: string;
  /** The card's headline figure in GET home's answer: its dashboard's figure with no period chosen. */
  headline: keyof HomeHeadlines;
}

/** The three cards link to the first three dashboards (SPEC.md §2), each with its headline figure. */
const CARDS: HomeCard[] = [
  { title: 'Volunteers', icon: 'pi pi-users', path: CROSS_APP_PATHS.volunteerDashboard, headline: 'volunteers' },
  { title: 'Patients', icon: 'pi pi-heart', path: CROSS_APP_PATHS.patientDashboard, headline: 'patients' },
  { title: 'VOT Status', icon: 'pi pi-video', path: CROSS_APP_PATHS.dotStatusDashboard, headline: 'on_vot' },
];

/** A card; without its figure (loading, or the home's call failed) it shows an ellipsis and still links. */
function DashboardCard({ card, figure }: { card: HomeCard; figure: number | undefined }) {
  const navigate = useNavigate();
  return (
    <Card title={card.title} className="vot-card">
      <i className={`${card.icon} vot-card-icon`} aria-hidden="true" />
      <span className="vot-card-figure" aria-label={`${card.title} total`}>
        {figure ?? '…'}
      </span>
      <Button type="button" label="Detail" aria-label={`${card.title} detail`} onClick={() => navigate(card.path)} />
    </Card>
  );
}

/**
 * What waits today (videos to review, follow-ups due) and, for a supervisor, the review timeliness
 * and staff activity (docs/decisions/0190–0191); then three cards with Detail buttons and their
 * headline figures (0196), all from one call; and the VOT enrolment criteria (SPEC.md §1, §2).
 * The cards and the call are for the roles that may open the dashboards: the others would land
 * on "not allowed".
 */
export function DashboardPage() {
  const mayOpen = useCan('dashboards', 'read');
  const followsUp = useCan('follow-ups', 'read');
  const [period, setPeriod] = useState<HomePeriod>({});
  const home = useHomeFigures(mayOpen, period);
  const rows = Math.max(VOT_CRITERIA.inclusion.length, VOT_CRITERIA.exclusion.length);
  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Dashboard</h2>
      {followsUp && home !== null && <WaitingToday figures={home} />}
      {home?.supervision && <SupervisionFigures supervision={home.supervision} onPeriod={setPeriod} />}
      {mayOpen && (
        <div className="vot-cards">
          {CARDS.map((card) => (
            <DashboardCard key={card.title} card={card} figure={home?.headlines[card.headline]} />
          ))}
        </div>
      )}
      <h3>VOT enrolment criteria</h3>
      <table className="vot-criteria">
        <thead>
          <tr>
            <th scope="col">Inclusion criteria</th>
            <th scope="col">Exclusion criteria</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              <td>{VOT_CRITERIA.inclusion[i] ?? ''}</td>
              <td>{VOT_CRITERIA.exclusion[i] ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
