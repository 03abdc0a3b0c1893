import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ACTIONS_COLUMN, NAME_WIDTH, PagedListPage } from './PagedListPage';
import { patientColumns } from './patientList';
import { SIDE_SCROLL_CLASS } from './SideScroll';

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

describe('a table wider than its card', () => {
  /** Lays the table's scroller out as a browser would: jsdom computes no widths. */
  function layOut(width: number, shown: number) {
    const wrapper = document.querySelector<HTMLElement>('.p-datatable-wrapper')!;
    Object.defineProperty(wrapper, 'scrollWidth', { configurable: true, value: width });
    Object.defineProperty(wrapper, 'clientWidth', { configurable: true, value: shown });
    return wrapper;
  }
  const renderList = () =>
    render(
      <MemoryRouter>
        <PagedListPage
          title="Patients"
          list={list}
          columns={[{ field: 'code', header: 'Code', nowrap: true }]}
          rowActions={() => <button type="button">Detail</button>}
        />
      </MemoryRouter>,
    );

  it('says that columns lie to the right, keeps a scrollbar for them, and follows the scroll both ways', () => {
    renderList();
    const frame = document.querySelector<HTMLElement>(`.${SIDE_SCROLL_CLASS}`)!;
    const bar = document.querySelector<HTMLElement>('.vot-side-scrollbar')!;
    expect(frame).toHaveAttribute('data-more-right', 'false');
    expect(bar).not.toBeVisible();

    const wrapper = layOut(1300, 1000);
    fireEvent(window, new Event('resize'));
    expect(frame).toHaveAttribute('data-more-right', 'true');
    expect(frame).toHaveAttribute('data-more-left', 'false');
    expect(bar).toBeVisible();
    expect(bar.firstElementChild).toHaveStyle({ width: '1300px' });

    // The scrollbar moves the table, and the table's own scroll moves the scrollbar.
    bar.scrollLeft = 300;
    fireEvent.scroll(bar);
    expect(wrapper.scrollLeft).toBe(300);
    fireEvent.scroll(wrapper);
    expect(frame).toHaveAttribute('data-more-right', 'false');
    expect(frame).toHaveAttribute('data-more-left', 'true');
    wrapper.scrollLeft = 120;
    fireEvent.scroll(wrapper);
    expect(bar.scrollLeft).toBe(120);
    expect(frame).toHaveAttribute('data-more-right', 'true');
  });

  it('says nothing of a table that fits', () => {
    renderList();
    layOut(1000, 1000);
    fireEvent(window, new Event('resize'));
    expect(document.querySelector(`.${SIDE_SCROLL_CLASS}`)).toHaveAttribute('data-more-right', 'false');
    expect(document.querySelector('.vot-side-scrollbar')).not.toBeVisible();
  });
});
