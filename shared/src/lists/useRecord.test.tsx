import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '../api/errors';
import { useRecord } from './useRecord';

const record = { id: 7, name: 'U Ba' };

it('reads the record of an id once, however often the page draws', async () => {
  const load = jest.fn(async (id: number) => ({ data: { ...record, id } }));
  const { result, rerender } = renderHook(() => useRecord((id) => load(id), '7'));
  expect(result.current.status).toBe('loading');
  await waitFor(() => expect(result.current).toMatchObject({ status: 'found', record }));
  rerender();
  act(() => result.current.replace({ id: 7, name: 'U Ba Saved' }));
  expect(result.current).toMatchObject({ status: 'found', record: { name: 'U Ba Saved' } });
  expect(load).toHaveBeenCalledTimes(1);
});

it('is missing for a 404 and for an id that is not one (without asking); failed otherwise, with retry', async () => {
  const load = jest.fn().mockRejectedValueOnce(new ApiError('Not found.', 404));
  const missing = renderHook(() => useRecord(load, '9'));
  await waitFor(() => expect(missing.result.current.status).toBe('missing'));
  expect(renderHook(() => useRecord(load, 'abc')).result.current.status).toBe('missing');
  expect(load).toHaveBeenCalledTimes(1);

  load.mockRejectedValueOnce(new ApiError('Something was wrong!', 500)).mockResolvedValueOnce({ data: record });
  const failed = renderHook(() => useRecord(load, 7));
  await waitFor(() =>
    expect(failed.result.current).toMatchObject({ status: 'failed', message: 'Something was wrong!' }),
  );
  act(() => failed.result.current.retry());
  await waitFor(() => expect(failed.result.current).toMatchObject({ status: 'found', record }));
});

it('asks nothing when not enabled', () => {
  const load = jest.fn();
  expect(renderHook(() => useRecord(load, '7', false)).result.current.status).toBe('skipped');
  expect(load).not.toHaveBeenCalled();
});
