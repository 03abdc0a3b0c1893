import { HandoutPage } from './HandoutPage';

export default function PatientHandout() {
  return <HandoutPage kind="patient" />;
}
