import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { aUser } from '../testing';
import { townshipFilter } from './townships';
import { ListFilters, type FilterDef } from './ListFilters';

const filters: FilterDef[] = [{ name: 'name', label: 'Name' }];

function History() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <span data-testid="search">{search}</span>
      <button type="button" onClick={() => navigate(-1)}>
        Browser Back
      </button>
      <button type="button" onClick={() => navigate({ search: '?name=Mya&page=2' })}>
        Page 2
      </button>
    </>
  );
}

function renderFilters(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <ListFilters filters={filters} />
      <History />
    </MemoryRouter>,
  );
}

it('shows the URL filters again after Back, as the list reloads with them', async () => {
  renderFilters('/list?name=Aye');
  const name = screen.getByRole('textbox', { name: 'Name' });
  expect(name).toHaveValue('Aye');
  await userEvent.clear(name);
  await userEvent.type(name, 'Mya');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(screen.getByTestId('search')).toHaveTextContent('?name=Mya');
  await userEvent.click(screen.getByRole('button', { name: 'Browser Back' }));
  expect(screen.getByTestId('search')).toHaveTextContent('?name=Aye');
  await waitFor(() => expect(name).toHaveValue('Aye'));
});

it('keeps what is being typed when only the page changes', async () => {
  renderFilters('/list?name=Mya');
  const name = screen.getByRole('textbox', { name: 'Name' });
  await userEvent.type(name, 't');
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(screen.getByTestId('search')).toHaveTextContent('?name=Mya&page=2');
  expect(name).toHaveValue('Myat');
});

it('the township filter is for roles not bound to townships, signed in', () => {
  expect(townshipFilter.hidden?.(null)).toBe(true);
  expect(townshipFilter.hidden?.(aUser('Field Officer'))).toBe(true);
  expect(townshipFilter.hidden?.(aUser('MEAL Associate'))).toBe(false);
});

it('a flag applies at once, turns the other flag off, clears what it names, and All clears it', async () => {
  render(
    <MemoryRouter initialEntries={['/list?name=Aye&township_id=3&not_complete=true&page=2']}>
      <ListFilters
        filters={[
          { name: 'name', label: 'Name' },
          { name: 'township_id', label: 'Township' },
          { name: 'complete', label: 'Complete', type: 'flag', clears: ['township_id'] },
          { name: 'not_complete', label: 'Not Complete', type: 'flag', clears: ['township_id'] },
        ]}
      />
      <History />
    </MemoryRouter>,
  );
  expect(screen.getByRole('button', { name: 'Not Complete' })).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
  expect(screen.getByTestId('search')).toHaveTextContent(/^\?name=Aye&complete=true$/);
  await userEvent.click(screen.getByRole('button', { name: 'All' }));
  expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
});

describe('a date range', () => {
  const range: FilterDef[] = [{ name: 'dates', label: 'Dates', type: 'date-range', min: '2026-03-01' }];
  const renderRange = (url = '/list') =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <ListFilters filters={range} />
        <History />
      </MemoryRouter>,
    );

  it('labels Start Date and End Date and asks for days as the console writes them', () => {
    renderRange('/list?start_date=2026-03-02&end_date=2026-03-09');
    expect(screen.getByText('Start Date', { selector: 'label' })).toBeVisible();
    expect(screen.getByText('End Date', { selector: 'label' })).toBeVisible();
    const start = screen.getByRole('textbox', { name: 'Start Date' });
    expect(start).toHaveValue('2026-03-02');
    expect(start).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    expect(screen.getByRole('textbox', { name: 'End Date' })).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    const [calendar] = screen.getAllByRole('button', { name: 'Open calendar' });
    expect(calendar).toBeEnabled();
    expect(calendar).toHaveAccessibleDescription('Start Date');
  });

  it('searches a typed range, and says what is wrong with one the search would refuse', async () => {
    renderRange();
    expect(screen.getByRole('textbox', { name: 'End Date' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Start Date' }), '2026-3-5');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Start Date must be a date (yyyy-mm-dd)!');
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Start Date' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Start Date' }), '2026-02-27');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Start Date may not be before 2026-03-01!');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Start Date' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Start Date' }), '2026-03-05');
    await userEvent.type(screen.getByRole('textbox', { name: 'End Date' }), '2026-03-12');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('search')).toHaveTextContent('?start_date=2026-03-05&end_date=2026-03-12');
  });

  it('writes the day chosen in the calendar into the field', () => {
    renderRange();
    const picker = document.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(picker).toHaveAttribute('min', '2026-03-01');
    fireEvent.change(picker, { target: { value: '2026-03-04' } });
    expect(screen.getByRole('textbox', { name: 'Start Date' })).toHaveValue('2026-03-04');
  });
});
