import { Link, generatePath } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import type { PossibleDuplicate } from '@vot/shared/schemas';
import { routes } from '../../routes';

/** Codes and phones on one line: they are read out and compared digit by digit. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

const why = (p: PossibleDuplicate) =>
  [p.same_name && 'Same name, age within 2 years', p.same_phone && 'Same phone'].filter(Boolean).join('; ');

/** A candidate opens in a new tab, so the form being filled stays as it is. */
function Open({ patient }: { patient: PossibleDuplicate }) {
  const inTrash = patient.status === 0;
  const to = inTrash
    ? routes.patientTrashList.path
    : generatePath(routes.patientDetail.path, { id: String(patient.id) });
  return (
    <Link to={to} target="_blank" rel="noopener">
      {inTrash ? 'In the trash' : 'Open'}
    </Link>
  );
}

/**
 * Registration's warning before Save: patients already registered who may be this one (the same
 * name and about the same age in the township, or the same phone). The user goes back to check,
 * or registers anyway.
 */
export function PossibleDuplicatesDialog({
  candidates,
  onAnswer,
}: {
  candidates: PossibleDuplicate[] | null;
  onAnswer: (register: boolean) => void;
}) {
  const footer = (
    <>
      <Button type="button" label="Go back" outlined autoFocus onClick={() => onAnswer(false)} />
      <Button type="button" label="Register anyway" severity="warning" onClick={() => onAnswer(true)} />
    </>
  );
  return (
    <Dialog
      header="Possible duplicate"
      visible={candidates !== null}
      onHide={() => onAnswer(false)}
      footer={footer}
      style={{ width: 'min(60rem, 95vw)' }}
    >
      <p className="m-0 mb-3">
        {candidates?.length === 1 ? 'This patient is' : 'These patients are'} already registered and may be the one you
        are registering. Open one to check, or register anyway.
      </p>
      <DataTable value={candidates ?? []} dataKey="id" size="small" aria-label="Possible duplicates">
        <Column field="name" header="Name" />
        <Column field="code" header="Code" bodyStyle={ONE_LINE} />
        <Column field="SP_code" header="SP Code" bodyStyle={ONE_LINE} />
        <Column field="age" header="Age" />
        <Column field="sex" header="Sex" />
        <Column field="township" header="Township" body={(p: PossibleDuplicate) => p.township?.name ?? ''} />
        <Column field="patient_phone_no" header="Phone" bodyStyle={ONE_LINE} />
        <Column header="Why" body={why} />
        <Column header="" body={(p: PossibleDuplicate) => <Open patient={p} />} />
      </DataTable>
    </Dialog>
  );
}
