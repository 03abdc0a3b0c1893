import { todayIn } from '@vot/shared/domain';
import type { SupervisedTownship, Supervision } from '@vot/shared/schemas';
import type { HomePeriod } from './useHomeFigures';

/** A share as a whole percentage, or a dash when there is nothing to share. */
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)} %` : '–');
const townshipName = (t: SupervisedTownship) => t.township?.name ?? 'All townships';

function ReviewTimeliness({ supervision }: { supervision: Supervision }) {
  const rows = supervision.townships.filter((t) => t.township !== null);
  return (
    <table className="vot-criteria vot-supervision" aria-label="Review timeliness">
      <caption>
        Review timeliness: patients&apos; videos reviewed within {supervision.review_target_hours} hours of arriving
      </caption>
      <thead>
        <tr>
          <th scope="col">Township</th>
          <th scope="col">Videos due</th>
          <th scope="col">Reviewed in time</th>
          <th scope="col">Reviewed late</th>
          <th scope="col">Not reviewed</th>
          <th scope="col">In time</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={6}>No township in the period.</td>
          </tr>
        )}
        {rows.map((t) => (
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
  );
}

function StaffActivity({ supervision }: { supervision: Supervision }) {
  const { weekdays } = supervision;
  const rows = supervision.townships.filter((t) => t.staff.length > 0);
  return (
    <table className="vot-criteria vot-supervision" aria-label="Staff activity">
      <caption>Staff activity: weekdays with a sign-in, of the {weekdays} weekdays in the period</caption>
      <thead>
        <tr>
          <th scope="col">Township</th>
          <th scope="col">Staff</th>
          <th scope="col">Role</th>
          <th scope="col">Weekdays signed in</th>
          <th scope="col">Of weekdays</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={5}>No staff who review videos or follow patients up.</td>
          </tr>
        )}
        {rows.flatMap((t) =>
          t.staff.map((person, i) => (
            <tr key={`${t.township?.id ?? 'all'}-${person.id}`}>
              {i === 0 && (
                <th scope="rowgroup" rowSpan={t.staff.length}>
                  {townshipName(t)}
                </th>
              )}
              <td>{person.name}</td>
              <td>{person.role}</td>
              <td>{person.days_signed_in}</td>
              <td>{percent(person.days_signed_in, weekdays)}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
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
  return (
    <section aria-labelledby="supervision-title" className="vot-supervision-figures">
      <h3 id="supervision-title">Reviews and staff activity</h3>
      <div className="vot-period">
        <label>
          From{' '}
          <input
            type="date"
            value={start_date}
            max={end_date}
            onChange={(e) => e.target.value && onPeriod({ start_date: e.target.value, end_date })}
          />
        </label>
        <label>
          To{' '}
          <input
            type="date"
            value={end_date}
            min={start_date}
            max={todayIn()}
            onChange={(e) => e.target.value && onPeriod({ start_date, end_date: e.target.value })}
          />
        </label>
      </div>
      <ReviewTimeliness supervision={supervision} />
      <StaffActivity supervision={supervision} />
    </section>
  );
}
