import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useNavigate } from 'react-router-dom';
import { call as callOperation } from '@vot/shared/api';
import { dashboardOperation } from '@vot/shared/operations';
import { CROSS_APP_PATHS } from '@vot/shared/contract';
import { VOT_CRITERIA } from '@vot/shared/domain';
import type { DashboardAnswers, DashboardCall } from '@vot/shared/schemas';
import { useCan } from '@vot/shared/ui';
import { SupervisionFigures } from './SupervisionFigures';
import { useHomeFigures, type HomePeriod } from './useHomeFigures';
import { WaitingToday } from './WaitingToday';

interface HomeCard {
  title: string;
  icon: string;
  path: string;
  /** The card's headline figure, from its dashboard call's answer. */
  figure: (signal: AbortSignal) => Promise<number>;
}

/** A card whose headline is read from the answer its call is typed with (a renamed field fails the type-check). */
function card<C extends DashboardCall>(
  c: Omit<HomeCard, 'figure'> & { call: C; headline: (answer: DashboardAnswers[C]) => number },
): HomeCard {
  const { call, headline, ...shown } = c;
  return {
    ...shown,
    figure: (signal) =>
      callOperation(dashboardOperation(call), {}, { quiet: true, signal }).then((res) => headline(res.data)),
  };
}

/** The three cards link to the first three dashboards (SPEC.md §2), each with its headline figure. */
const CARDS: HomeCard[] = [
  card({
    title: 'Volunteers',
    icon: 'pi pi-users',
    path: CROSS_APP_PATHS.volunteerDashboard,
    call: 'volunteer-dashboard',
    headline: (d) => d.total_volunteers,
  }),
  card({
    title: 'Patients',
    icon: 'pi pi-heart',
    path: CROSS_APP_PATHS.patientDashboard,
    call: 'patient-dashboard',
    headline: (d) => d.total_patients.total,
  }),
  card({
    title: 'VOT Status',
    icon: 'pi pi-video',
    path: CROSS_APP_PATHS.dotStatusDashboard,
    call: 'dot-status-dashboard',
    headline: (d) => d.with_volunteers + d.without_volunteers,
  }),
];

/** The card's figure: read quietly (a failed figure leaves the card without one, the page still works). */
function useHeadline(card: HomeCard): number | null {
  const [figure, setFigure] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    card.figure(controller.signal).then(setFigure, () => {});
    return () => controller.abort();
  }, [card]);
  return figure;
}

function DashboardCard({ card }: { card: HomeCard }) {
  const navigate = useNavigate();
  const figure = useHeadline(card);
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
 * and staff activity (docs/decisions/0190–0191), from one call; then three cards with Detail
 * buttons, and the VOT enrolment criteria (SPEC.md §1, §2). A card shows only to a role that may
 * open its dashboard: the others would land on "not allowed".
 */
export function DashboardPage() {
  const mayOpen = useCan('dashboards', 'read');
  const followsUp = useCan('follow-ups', 'read');
  const [period, setPeriod] = useState<HomePeriod>({});
  const home = useHomeFigures(followsUp, period);
  const rows = Math.max(VOT_CRITERIA.inclusion.length, VOT_CRITERIA.exclusion.length);
  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Dashboard</h2>
      {followsUp && home !== null && <WaitingToday figures={home} />}
      {home?.supervision && <SupervisionFigures supervision={home.supervision} onPeriod={setPeriod} />}
      {mayOpen && (
        <div className="vot-cards">
          {CARDS.map((card) => (
            <DashboardCard key={card.title} card={card} />
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
