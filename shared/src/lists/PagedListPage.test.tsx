import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ACTIONS_COLUMN, NAME_WIDTH, PagedListPage } from './PagedListPage';
import { patientColumns } from './patientList';

const list = {
  rows: [{ id: 1, code: 'HTY-P0005', name: 'Daw Mya Mya' }],
  total: 1,
  page: 1,
  setPage: () => undefined,
  loading: false,
  error: null,
  reload: () => undefined,
};

describe('a list column declared nowrap or with a least width', () => {
  it('keeps a code on one line and gives a name its width', () => {
    render(
      <MemoryRouter>
        <PagedListPage
          title="Patients"
          list={list}
          columns={[
            { field: 'code', header: 'Code', nowrap: true },
            { field: 'name', header: 'Name', minWidth: NAME_WIDTH },
          ]}
          rowActions={() => <button type="button">Detail</button>}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('cell', { name: 'HTY-P0005' })).toHaveClass('vot-nowrap');
    expect(screen.getByRole('cell', { name: 'Daw Mya Mya' })).not.toHaveClass('vot-nowrap');
    expect(screen.getByRole('cell', { name: 'Daw Mya Mya' })).toHaveStyle({ minWidth: NAME_WIDTH });
    // The Action column, header and cells, is the one that stays at the right edge.
    expect(screen.getByRole('columnheader', { name: 'Action' })).toHaveClass(ACTIONS_COLUMN);
    expect(screen.getByRole('cell', { name: 'Detail' })).toHaveClass(ACTIONS_COLUMN);
    expect(screen.getByRole('cell', { name: 'Daw Mya Mya' })).not.toHaveClass(ACTIONS_COLUMN);
  });

  it('is how every patient list declares its codes, password and name (read out to a patient, typed into a phone)', () => {
    const columns = Object.fromEntries(patientColumns({ withGfId: true }).map((c) => [c.field, c]));
    for (const code of ['dot_patient_id_gf', 'SP_code', 'code', 'plain_password', 'RR_code', 'DRTB_code', 'unique_id'])
      expect(columns[code]?.nowrap).toBe(true);
    expect(columns.name?.minWidth).toBe(NAME_WIDTH);
  });
});
