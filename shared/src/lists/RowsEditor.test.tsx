import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { RowsEditor, type RowInputDef } from './RowsEditor';

// The kit piece under another use than referrals: household contacts (name and age, one warning).
interface Contact extends Record<string, unknown> {
  name: string;
  age: number;
}
const inputs: RowInputDef<Contact>[] = [
  { name: 'name', label: 'Name' },
  { name: 'age', label: 'Age', type: 'number' },
];
const WARNING = 'Please enter name and age of household contact!';
const check = (c: Partial<Contact>) => (c.name && c.age !== undefined ? undefined : WARNING);

function renderEditor(initial: Contact[], readOnly = false) {
  const submitted = jest.fn();
  render(
    <Formik initialValues={{ contacts: initial }} onSubmit={submitted}>
      <Form>
        <RowsEditor<Contact>
          name="contacts"
          legend="Household contacts"
          inputs={inputs}
          columns={[
            { field: 'name', header: 'Name' },
            { field: 'age', header: 'Age' },
          ]}
          check={check}
          readOnly={readOnly}
        />
        <button type="submit">Save</button>
      </Form>
    </Formik>,
  );
  return submitted;
}

it('warns instead of adding an incomplete row, adds with Enter without submitting, and deletes', async () => {
  const submitted = renderEditor([{ name: 'Daw Mya', age: 60 }]);
  await userEvent.type(screen.getByLabelText('Name'), 'Mg Aung{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent(WARNING);
  await userEvent.type(screen.getByLabelText('Age'), '12{Enter}');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(
    within(screen.getByRole('row', { name: /Mg Aung/ }))
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['Mg Aung', '12', 'Delete']);
  expect(screen.getByLabelText('Name')).toHaveValue('');
  expect(screen.getByLabelText('Name')).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Delete Daw Mya' }));
  expect(screen.queryByRole('row', { name: /Daw Mya/ })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(submitted).toHaveBeenCalledWith({ contacts: [{ name: 'Mg Aung', age: 12 }] }, expect.anything()),
  );
});

it('read-only: the rows without inputs or Delete', () => {
  renderEditor([{ name: 'Daw Mya', age: 60 }], true);
  expect(screen.getByRole('row', { name: /Daw Mya/ })).toBeInTheDocument();
  expect(screen.queryByLabelText('Name')).toBeNull();
  expect(screen.queryByRole('button', { name: /Add|Delete/ })).toBeNull();
});

it('after a Delete, focus goes to the next row, else the previous one, else the first input', async () => {
  renderEditor([
    { name: 'Daw Mya', age: 60 },
    { name: 'U Hla', age: 41 },
    { name: 'Ma Ei', age: 9 },
  ]);
  await userEvent.click(screen.getByRole('button', { name: 'Delete Daw Mya' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Delete U Hla' })).toHaveFocus());
  await userEvent.click(screen.getByRole('button', { name: 'Delete Ma Ei' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Delete U Hla' })).toHaveFocus());
  // From the keyboard too: Enter on the focused Delete.
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
});
