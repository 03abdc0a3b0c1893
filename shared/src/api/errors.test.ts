import { AxiosError, AxiosHeaders } from 'axios';
import { toApiError } from './errors';

function axiosError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('fail', 'ERR', config, null, {
    status,
    data,
    statusText: '',
    headers: {},
    config,
  }) as AxiosError<never>;
}

describe('toApiError (SPEC.md §8)', () => {
  it('a 400 reads its first field message and keeps every field error', () => {
    const e = toApiError(
      axiosError(400, {
        message: 'The given data was invalid.',
        errors: { name: ['Region Name is required!'], x: ['y'] },
      }),
    );
    expect(e.message).toBe('Region Name is required!');
    expect(e.errors).toEqual({ name: ['Region Name is required!'], x: ['y'] });
  });
  it("a 401 carries the server's message", () => {
    expect(toApiError(axiosError(401, { message: 'Your session has expired. Please sign in again.' })).message).toBe(
      'Your session has expired. Please sign in again.',
    );
  });
  it('a 409 explains itself when the server says why', () => {
    expect(
      toApiError(axiosError(409, { message: 'This region still has townships and cannot be deleted.' })).message,
    ).toMatch(/still has townships/);
  });
  it("anything else reads 'Something was wrong!'", () => {
    expect(toApiError(axiosError(500, { message: 'stack trace here' })).message).toBe('Something was wrong!');
    expect(toApiError(new AxiosError('Network Error')).message).toBe('Something was wrong!');
  });
});
