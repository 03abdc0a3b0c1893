import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { CrudListPage } from '@vot/shared/lists';
import { VolunteerUnavailable } from '../volunteers';
import { trainingListTitle, trainingScreen, type VolunteerAnswer } from './training.screen';

/** /admin/volunteer-training-list/:id (id = volunteer), titled with the volunteer's name the list call answers. */
export default function TrainingList() {
  const { id } = useParams();
  const volunteerId = Number(id);
  const [volunteer, setVolunteer] = useState<VolunteerAnswer | null>(null);
  // Built once per volunteer: a new screen would mean a new list call.
  const screen = useMemo(() => trainingScreen(volunteerId, setVolunteer), [volunteerId]);
  if (volunteer === 'missing') return <VolunteerUnavailable />;
  const titled = volunteer ? { ...screen, title: trainingListTitle(volunteer.name) } : screen;
  return <CrudListPage screen={titled} />;
}
