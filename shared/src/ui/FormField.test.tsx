import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { FormField } from './FormField';

// Choosing an option is covered in Chromium (e2e/tests/townships.spec.ts): jsdom cannot open the overlay.
it('a select loads its options when it appears, keeping its placeholder (never "Loading" in place of the input)', async () => {
  let answer: (o: { label: string; value: number }[]) => void = () => {};
  const load = jest.fn(() => new Promise<{ label: string; value: number }[]>((resolve) => (answer = resolve)));
  render(
    <Formik initialValues={{ region_id: null }} onSubmit={() => {}}>
      <FormField name="region_id" label="Region" type="select" loadOptions={load} />
    </Formik>,
  );
  expect(screen.queryAllByText('Loading')).toHaveLength(0);
  expect(screen.getAllByText('Select Region').length).toBeGreaterThan(0);
  answer([{ label: 'Yangon Region', value: 12 }]);
  await waitFor(() =>
    expect(document.querySelector('.p-dropdown-loading-icon, .p-dropdown-trigger .p-icon-spin')).toBeNull(),
  );
  expect(screen.queryAllByText('Loading')).toHaveLength(0);
  expect(load).toHaveBeenCalledTimes(1);
});

it('a select given autoFocus takes focus on its labelled input', () => {
  render(
    <Formik initialValues={{ gender: null }} onSubmit={() => {}}>
      <FormField
        name="gender"
        label="Gender"
        type="select"
        options={[{ label: 'Female', value: 'Female' }]}
        autoFocus
      />
    </Formik>,
  );
  expect(screen.getByLabelText('Gender')).toHaveFocus();
});

it('a read-only select shows its chosen label in a read-only text that Tab still reaches', async () => {
  const load = jest.fn(async () => [
    { label: 'Insein', value: 3 },
    { label: 'Hlaingthaya', value: 7 },
  ]);
  render(
    <Formik initialValues={{ township_id: 7, gender: 'Female' }} onSubmit={() => {}}>
      <>
        <FormField name="township_id" label="Township" type="select" loadOptions={load} readOnly />
        <FormField
          name="gender"
          label="Gender"
          type="select"
          options={[{ label: 'Female', value: 'Female' }]}
          readOnly
        />
      </>
    </Formik>,
  );
  const township = screen.getByLabelText('Township');
  await waitFor(() => expect(township).toHaveValue('Hlaingthaya'));
  expect(township).toHaveAttribute('readonly');
  expect(township).not.toBeDisabled();
  expect(screen.getByLabelText('Gender')).toHaveValue('Female');
  await userEvent.tab();
  expect(township).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByLabelText('Gender')).toHaveFocus();
});

// ဒေါ်ခင်မြင့် Daw Khin Myint, typed in Zawgyi and in Unicode.
const ZAWGYI_NAME = '\u1031\u1012\u105a\u1001\u1004\u1039\u103b\u1019\u1004\u1039\u1037';
const UNICODE_NAME = '\u1012\u1031\u102b\u103a\u1001\u1004\u103a\u1019\u103c\u1004\u1037\u103a';

it('warns under a text field that a name typed in Zawgyi will be saved in Unicode, and says nothing for Unicode', async () => {
  render(
    <Formik initialValues={{ name: '' }} onSubmit={() => {}}>
      <FormField name="name" label="Name" />
    </Formik>,
  );
  const input = screen.getByLabelText('Name');
  await userEvent.type(input, UNICODE_NAME);
  // The detector is fetched for Burmese text: give it its moment, then nothing is said of Unicode.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(input).not.toHaveAccessibleDescription(/Zawgyi/);
  await userEvent.clear(input);
  await userEvent.type(input, ZAWGYI_NAME);
  await waitFor(() =>
    expect(input).toHaveAccessibleDescription(
      'Typed in Zawgyi: it will be saved in Unicode, so that searches typed either way find it.',
    ),
  );
  await userEvent.clear(input);
  await userEvent.type(input, 'Daw Hla');
  await waitFor(() => expect(input).not.toHaveAccessibleDescription(/Zawgyi/));
});
