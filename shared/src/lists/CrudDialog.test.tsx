import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { object, string } from 'yup';
import { ApiError } from '../api/errors';
import { noticesAtom } from '../session';
import { CrudDialog } from './CrudDialog';

it("puts a refused save's messages under their fields, nested paths included, and the first in a notice", async () => {
  getDefaultStore().set(noticesAtom, []);
  const onSubmit = jest.fn().mockRejectedValue(
    new ApiError('Name has already been taken!', 400, {
      'contact.name': ['Name has already been taken!'],
      code: ['Code is invalid!'],
    }),
  );
  render(
    <CrudDialog
      header="Create Contact"
      visible
      onHide={() => {}}
      fields={[
        { name: 'contact.name', label: 'Name' },
        { name: 'code', label: 'Code' },
      ]}
      schema={object({ contact: object({ name: string() }), code: string() })}
      initialValues={{ contact: { name: 'Daw Mya' }, code: 'X' }}
      onSubmit={onSubmit}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name has already been taken!'),
  );
  expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Code is invalid!');
  expect(screen.getByLabelText('Name')).toHaveValue('Daw Mya');
  expect(
    getDefaultStore()
      .get(noticesAtom)
      .map((n) => n.text),
  ).toEqual(['Name has already been taken!']);
});
