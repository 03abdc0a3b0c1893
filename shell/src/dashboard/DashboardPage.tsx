import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useNavigate } from 'react-router-dom';
import { VOT_CRITERIA } from '@vot/shared/domain';

const CARDS = [
  { title: 'Volunteers', icon: 'pi pi-users', path: '/admin/volunteer-virtualization' },
  { title: 'Patients', icon: 'pi pi-heart', path: '/admin/patient-virtualization' },
  { title: 'VOT Status', icon: 'pi pi-video', path: '/admin/dot-status-virtualization' },
];

/** Three cards with Detail buttons, and the VOT enrolment criteria (SPEC.md §1, §2). */
export function DashboardPage() {
  const navigate = useNavigate();
  const rows = Math.max(VOT_CRITERIA.inclusion.length, VOT_CRITERIA.exclusion.length);
  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Dashboard</h2>
      <div className="vot-cards">
        {CARDS.map((card) => (
          <Card key={card.title} title={card.title} className="vot-card">
            <i className={`${card.icon} vot-card-icon`} aria-hidden="true" />
            <Button type="button" label="Detail" aria-label={`${card.title} detail`} onClick={() => navigate(card.path)} />
          </Card>
        ))}
      </div>
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
