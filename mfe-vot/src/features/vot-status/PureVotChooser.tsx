import { Link } from 'react-router-dom';
import { Card } from 'primereact/card';
import { BackButton } from '@vot/shared/ui';
import { AllVisitsExport } from '../visits/AllVisitsExport';
import { VOT_STATUS_LISTS } from './vot-status.lists';

const CARDS = [
  { def: VOT_STATUS_LISTS.pureWithVolunteer, icon: 'pi pi-users', label: 'Pure VOT Patients With Volunteer' },
  { def: VOT_STATUS_LISTS.pureWithoutVolunteer, icon: 'pi pi-user', label: 'Pure VOT Patients Without Volunteer' },
];

/** /admin/pure-vot-patient-list: the chooser with two cards (SPEC.md §2). */
export default function PureVotChooser() {
  return (
    <section>
      <BackButton />
      <h2>Pure VOT Patient List</h2>
      <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
        {CARDS.map(({ def, icon, label }) => (
          <Link key={def.path} to={def.path} style={{ textDecoration: 'none', flex: '1 1 16rem' }}>
            <Card title={label}>
              <i className={icon} style={{ fontSize: '2rem' }} aria-hidden />
            </Card>
          </Link>
        ))}
      </div>
      <AllVisitsExport />
    </section>
  );
}
