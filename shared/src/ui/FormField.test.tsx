import { render, screen } from '@testing-library/react';
import { Formik } from 'formik';
import { FormField } from './FormField';

// Choosing an option is covered in Chromium (e2e/tests/townships.spec.ts): jsdom cannot open the overlay.
it('a select loads its options when it appears, saying Loading meanwhile', async () => {
  let answer: (o: { label: string; value: number }[]) => void = () => {};
  const load = jest.fn(() => new Promise<{ label: string; value: number }[]>((resolve) => (answer = resolve)));
  render(
    <Formik initialValues={{ region_id: null }} onSubmit={() => {}}>
      <FormField name="region_id" label="Region" type="select" loadOptions={load} />
    </Formik>,
  );
  expect(screen.getAllByText('Loading').length).toBeGreaterThan(0);
  answer([{ label: 'Yangon Region', value: 12 }]);
  await screen.findAllByText('Select Region');
  expect(screen.queryAllByText('Loading')).toHaveLength(0);
  expect(load).toHaveBeenCalledTimes(1);
});
