import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { CrudListPage } from '@vot/shared/lists';
import { fuSputumScreen } from './sputum.screen';

/** /admin/FU-sputum-examinition-list/:id (id = patient). */
export default function FuSputumList() {
  const patientId = Number(useParams().id);
  const screen = useMemo(() => fuSputumScreen(patientId), [patientId]);
  return <CrudListPage screen={screen} />;
}
