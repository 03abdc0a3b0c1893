import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { ListFilters, LoadError, useUrlFilters, type FilterDef } from '@vot/shared/lists';
import { DASHBOARD_LABELS } from '@vot/shared/schemas';
import { userAtom } from '@vot/shared/session';
import { FullScreenSpinner } from '@vot/shared/ui';
import { ChartCard, yangonTime } from '../../charts/ChartCard';
import { groupData } from '../../charts/chartOptions';
import { dashboardApi, type DashboardAnswers, type DashboardCall } from './dashboard.api';
import { FIGURE_DEFINITIONS_PATH } from '../figures/path';
import { COMMON_FILTERS, type DashboardDecl } from './dashboards';
import './dashboards.css';

const label = (key: string) => DASHBOARD_LABELS[key] ?? key;

type State<D> =
  { status: 'loading' } | { status: 'loaded'; data: D; asOf: string } | { status: 'failed'; message: string };

/**
 * The filters in words for a chart's PDF: each applied filter with its label, a select's value by
 * its option's name (loaded once), the township of a township-bound role as their townships.
 */
function useFilterWords(filters: FilterDef[], applied: Record<string, string>): string[] {
  const user = useAtomValue(userAtom);
  const [names, setNames] = useState<Record<string, Record<string, string>>>({});
  useEffect(() => {
    let live = true;
    const selects = filters.filter((f) => f.type === 'select' && f.loadOptions && !f.hidden?.(user));
    Promise.all(selects.map((f) => f.loadOptions!().catch(() => []))).then((lists) => {
      if (live)
        setNames(
          Object.fromEntries(
            selects.map((f, i) => [f.name, Object.fromEntries(lists[i]!.map((o) => [String(o.value), o.label]))]),
          ),
        );
    });
    return () => {
      live = false;
    };
  }, [filters, user]);
  const words: string[] = [];
  for (const f of filters) {
    if (f.hidden?.(user)) {
      if (f.name === 'township_id' && user?.townships.length)
        words.push(`Township: ${user.townships.map((t) => t.name).join(', ')}`);
    } else if (f.type === 'date-range') {
      if (applied.start_date) words.push(`Start Date: ${applied.start_date}`);
      if (applied.end_date) words.push(`End Date: ${applied.end_date}`);
    } else if (applied[f.name]) {
      words.push(`${f.label}: ${names[f.name]?.[applied[f.name]!] ?? applied[f.name]}`);
    }
  }
  return words;
}

/**
 * Any dashboard: its filters (Search writes them into the URL, so a dashboard is bookmarked and
 * shared with its filters), then one chart card per declared group over the call's answer.
 */
export function DashboardPage<C extends DashboardCall>({ dashboard }: { dashboard: DashboardDecl<C> }) {
  const [filters] = useState(() => [...(dashboard.filters ?? []), ...COMMON_FILTERS]);
  const applied = useUrlFilters(filters);
  const appliedKey = JSON.stringify(applied);
  const words = useFilterWords(filters, applied);
  const [state, setState] = useState<State<DashboardAnswers[C]>>({ status: 'loading' });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    dashboardApi.load(dashboard.call, JSON.parse(appliedKey) as Record<string, string>, controller.signal).then(
      (data) => setState({ status: 'loaded', data, asOf: yangonTime() }),
      (e: unknown) =>
        !controller.signal.aborted &&
        setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => controller.abort();
  }, [dashboard.call, appliedKey, tick]);

  return (
    <section aria-labelledby="dashboard-title" className="vot-dashboard">
      <h2 id="dashboard-title">{dashboard.title}</h2>
      <ListFilters filters={filters} />
      <div className="vot-dashboard-dates" aria-label="Dates the period applies to">
        <p>The dates choose, figure by figure:</p>
        <ul>
          {dashboard.dates.map((d) => (
            <li key={d.figures}>
              <strong>{d.figures}</strong>: {d.date}
            </li>
          ))}
        </ul>
        <Link to={FIGURE_DEFINITIONS_PATH}>What each figure counts</Link>
      </div>
      {state.status === 'loading' && <FullScreenSpinner />}
      {state.status === 'failed' && <LoadError message={state.message} onRetry={() => setTick((t) => t + 1)} />}
      {state.status === 'loaded' && (
        <div className="vot-charts">
          {dashboard.groups.map((group) => (
            <ChartCard
              key={group.title}
              group={group}
              data={groupData(group, state.data)}
              label={label}
              filters={words}
              dates={dashboard.dates}
              asOf={state.asOf}
            />
          ))}
        </div>
      )}
      {dashboard.notes && (
        <dl className="vot-dashboard-notes">
          {dashboard.notes.map((n) => (
            <div key={n.label}>
              <dt>{n.label}</dt>
              <dd>{n.definition}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
