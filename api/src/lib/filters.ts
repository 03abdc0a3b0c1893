import { fieldError } from './http-errors';

/**
 * The ids of a list filter, given as `name=1` or as the spec's bracket array
 * `name[]=1&name[]=2` (fastify's query parser keeps that under the key 'name[]', a string for one
 * value and an array for several). Empty values mean "no filter"; anything but a positive whole
 * number is a 400 on the field, never a query that fails in the database.
 */
export function idsOf(query: Record<string, unknown>, name: string, message: string): number[] {
  const raw = [query[name], query[`${name}[]`]].flat().filter((v) => v !== undefined && v !== '');
  return raw.map((v) => {
    const id = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : 0;
    if (id < 1) throw fieldError(name, message);
    return id;
  });
}
