import type { FastifyRequest } from 'fastify';
import { PAGE_SIZE } from '@vot/shared/domain';
import { HttpError, fieldError } from './http-errors';
import { queryParams } from './requests';

export interface Paging {
  limit: number | undefined;
  offset: number;
}

/**
 * `?page=N` (1-based) answers one page of PAGE_SIZE rows; without it the whole list is answered,
 * which the forms' dropdowns need — or the first page, for a list too long ever to send whole
 * (`withoutPage: 'first'`, the patients). A page that is not a positive whole number is a 400.
 */
export function pagingOf(
  request: FastifyRequest,
  size: number = PAGE_SIZE,
  withoutPage: 'all' | 'first' = 'all',
): Paging {
  const query = queryParams(request) as { page?: unknown };
  if (query.page === undefined || query.page === '')
    return withoutPage === 'all' ? { limit: undefined, offset: 0 } : { limit: size, offset: 0 };
  const page = Number(query.page);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) {
    throw new HttpError(400, 'Page must be a whole number from 1.', { page: ['Page must be a whole number from 1.'] });
  }
  return { limit: size, offset: (page - 1) * size };
}

/**
 * `?after=N`, an export's cursor (the previous part's `next`: the rows below that id); none, or
 * empty, is the first part. Not a positive whole number: a 400. Read here with `?page`, as every
 * paging parameter is, from the same parsed query (queryParams) as a list's filters (queryOf).
 */
export function cursorOf(request: FastifyRequest): number | undefined {
  const { after } = queryParams(request) as { after?: unknown };
  if (after === undefined || after === '') return undefined;
  const id = Number(after);
  if (!Number.isInteger(id) || id < 1) throw fieldError('after', AFTER_MESSAGE);
  return id;
}
const AFTER_MESSAGE = 'After must be a whole number from 1.';

/** An ordered list query that can still be limited (a drizzle select, offset applied). */
export interface PageableQuery<R> extends PromiseLike<R[]> {
  limit(limit: number): PromiseLike<R[]>;
}

/**
 * One page of a list and the total of the whole list, asked together (on PostgreSQL the pool runs
 * them at once). Without a limit the whole list is answered (dropdowns need it). `counted` is a
 * `select({ total: count() })` with the same conditions as `rows`.
 */
export async function pageOf<R>(
  rows: PageableQuery<R>,
  counted: PromiseLike<{ total: number }[]>,
  limit: number | undefined,
): Promise<{ data: R[]; total: number }> {
  const [data, totals] = await Promise.all([limit === undefined ? rows : rows.limit(limit), counted]);
  return { data, total: totals[0]?.total ?? 0 };
}
