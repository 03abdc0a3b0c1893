import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { CrudListPage } from '@vot/shared/lists';
import { useCan } from '@vot/shared/ui';
import { VolunteerUnavailable, useVolunteer } from '../volunteers';
import { trainingListTitle, trainingScreen } from './training.screen';

/** /admin/volunteer-training-list/:id (id = volunteer), titled with the volunteer's name. */
export default function TrainingList() {
  const { id } = useParams();
  // Asked only of a role that may read volunteers; the title otherwise takes the name from the rows.
  const volunteer = useVolunteer(id, useCan('volunteers', 'read'));
  const volunteerId = Number(id);
  // Built once per volunteer: a new screen would mean a new list call.
  const screen = useMemo(() => trainingScreen(volunteerId), [volunteerId]);
  if (volunteer.status === 'missing') return <VolunteerUnavailable />;
  const titled = volunteer.status === 'found' ? { ...screen, title: trainingListTitle(volunteer.record.name) } : screen;
  return <CrudListPage screen={titled} />;
}
