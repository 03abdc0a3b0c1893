import { HandoutPage } from './HandoutPage';

export default function VolunteerHandout() {
  return <HandoutPage kind="volunteer" />;
}
