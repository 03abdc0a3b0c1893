import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as yup from 'yup';
import { CrudDialog } from './CrudDialog';

const schema = yup.object({
  name: yup.string().required('Name is required!'),
  address: yup.string().required('Address is required!'),
});
const fields = [
  { name: 'name', label: 'Name' },
  { name: 'address', label: 'Address', type: 'textarea' as const },
];

function open() {
  render(
    <CrudDialog
      header="Create Volunteer"
      visible
      onHide={() => {}}
      fields={fields}
      schema={schema}
      initialValues={{ name: '', address: '' }}
      onSubmit={async () => {}}
    />,
  );
}

it('a dialog just opened shows no message, even once its focus moves on without typing', async () => {
  open();
  await act(async () => {
    screen.getByLabelText('Name').blur();
  });
  await userEvent.tab();
  await userEvent.tab();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByText('Name is required!')).toBeNull();
  expect(screen.queryByText('Loading')).toBeNull();
});

it('a message shows once a field is changed and left empty, and every message after Save', async () => {
  open();
  await userEvent.type(screen.getByLabelText('Name'), 'U');
  await userEvent.clear(screen.getByLabelText('Name'));
  await userEvent.tab();
  expect(await screen.findByText('Name is required!')).toBeInTheDocument();
  expect(screen.queryByText('Address is required!')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Address is required!')).toBeInTheDocument();
});
