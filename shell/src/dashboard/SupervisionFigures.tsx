import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { addDays, todayIn } from '@vot/shared/domain';
import type { SupervisedTownship, Supervision } from '@vot/shared/schemas';
import type { HomePeriod } from './useHomeFigures';

/** The periods a supervisor looks back over, each ending today: four weeks, and a quarter's thirteen. */
const PERIODS = [
  { label: 'Last 4 weeks', days: 28 },
  { label: 'Last 13 weeks', days: 91 },
];
/** Rows shown before "Show all": the worst come first, so these are the ones to act on. */
const FIRST_ROWS = 10;

/** A share as a whole percentage, or a dash when there is nothing to share. */
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)} %` : '–');
const townshipName = (t: SupervisedTownship) => t.township?.name ?? 'All townships';
/** A share to sort by: nothing to share sorts last. */
const shareOf = (part: number, whole: number) => (whole > 0 ? part / whole : 2);

/** The first rows, and a button that shows the rest (national supervisors see hundreds of townships). */
function useFirstRows<T>(rows: T[]): { shown: T[]; more: ReactNode } {
  const [all, setAll] = useState(false);
  if (all || rows.length <= FIRST_ROWS) return { shown: rows, more: null };
  return {
    shown: rows.slice(0, FIRST_ROWS),
    more: <Button type="button" link label={`Show all ${rows.length}`} onClick={() => setAll(true)} />,
  };
}

function ReviewTimeliness({ supervision }: { supervision: Supervision }) {
  const rows = supervision.townships
    .filter((t) => t.township !== null)
    .sort((a, b) => shareOf(a.reviewed_in_time, a.videos) - shareOf(b.reviewed_in_time, b.videos));
  const { shown, more } = useFirstRows(rows);
  return (
    <>
      <table className="vot-criteria vot-supervision" aria-label="Review timeliness">
        <caption>
          Review timeliness: patients&apos; videos reviewed within {supervision.review_target_hours} hours of arriving,
          lowest share first
        </caption>
        <thead>
          <tr>
            <th scope="col">Township</th>
            <th scope="col">Videos due</th>
            <th scope="col">Reviewed in time</th>
            <th scope="col">Reviewed late</th>
            <th scope="col">Not reviewed</th>
            <th scope="col">Share in time</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={6}>No township in the period.</td>
            </tr>
          )}
          {shown.map((t) => (
            <tr key={t.township!.id}>
              <th scope="row">{townshipName(t)}</th>
              <td>{t.videos}</td>
              <td>{t.reviewed_in_time}</td>
              <td>{t.reviewed_late}</td>
              <td>{t.not_reviewed}</td>
              <td>{percent(t.reviewed_in_time, t.videos)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more}
    </>
  );
}

function StaffActivity({ supervision }: { supervision: Supervision }) {
  const { weekdays } = supervision;
  const rows = supervision.townships
    .flatMap((t) =>
      t.staff.map((person) => ({ ...person, township: townshipName(t), key: `${t.township?.id}-${person.id}` })),
    )
    .sort((a, b) => a.days_signed_in - b.days_signed_in || a.name.localeCompare(b.name));
  const { shown, more } = useFirstRows(rows);
  return (
    <>
      <table className="vot-criteria vot-supervision" aria-label="Staff activity">
        <caption>
          Staff activity: weekdays with a sign-in, of the {weekdays} weekdays in the period, fewest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Staff</th>
            <th scope="col">Role</th>
            <th scope="col">Township</th>
            <th scope="col">Weekdays signed in</th>
            <th scope="col">Share of weekdays</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={5}>No staff who review videos or follow patients up.</td>
            </tr>
          )}
          {shown.map((person) => (
            <tr key={person.key}>
              <th scope="row">{person.name}</th>
              <td>{person.role}</td>
              <td>{person.township}</td>
              <td>{person.days_signed_in}</td>
              <td>{percent(person.days_signed_in, weekdays)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more}
    </>
  );
}

interface Props {
  supervision: Supervision;
  onPeriod: (period: HomePeriod) => void;
}

/**
 * The supervisors' figures of the home (docs/decisions/0191-supervisors-home-figures.md): per
 * township over the period, the share of patients' videos reviewed in time and each reviewer's
 * weekdays with a sign-in, the figures the ASCENT trials report.
 */
export function SupervisionFigures({ supervision, onPeriod }: Props) {
  const { start_date, end_date } = supervision;
  const today = todayIn();
  return (
    <section aria-labelledby="supervision-title" className="vot-supervision-figures">
      <h3 id="supervision-title">Reviews and staff activity</h3>
      <div className="vot-period" role="group" aria-label="Period">
        <span>
          {start_date} to {end_date}
        </span>
        {PERIODS.map(({ label, days }) => {
          const period = { start_date: addDays(today, 1 - days), end_date: today };
          const chosen = period.start_date === start_date && period.end_date === end_date;
          return (
            <Button
              key={label}
              type="button"
              label={label}
              size="small"
              outlined={!chosen}
              aria-pressed={chosen}
              onClick={() => onPeriod(period)}
            />
          );
        })}
      </div>
      <ReviewTimeliness supervision={supervision} />
      <StaffActivity supervision={supervision} />
    </section>
  );
}
