import type { AnyObjectSchema } from 'yup';
import type { Operation } from '../operations/operation';
import { call } from './call';

/** One answer of a paged export (GET patients-export): its rows and the `after` of the next page (null: the last). */
export interface ExportPage<R> {
  data: R[];
  next: number | null;
}

/** Asks part after part (`after` = the previous part's `next`) until the last, gathering the rows. */
async function everyPart<R>(
  ask: (query: Record<string, unknown>) => Promise<ExportPage<R>>,
  query: Record<string, unknown>,
): Promise<{ data: R[] }> {
  const data: R[] = [];
  let after: number | null = null;
  do {
    const page: ExportPage<R> = await ask(after === null ? query : { ...query, after });
    for (const row of page.data) data.push(row);
    after = page.next ?? null;
  } while (after !== null);
  return { data };
}

/**
 * Every row of a declared export in parts (`cursor`), asked part after part, so no single answer
 * carries a national export as one JSON text. Quiet: the export button reads 'Please try again!' itself.
 */
export function exportEveryPart<R>(
  op: Operation<string, AnyObjectSchema | undefined, ExportPage<R>>,
  query: Record<string, unknown>,
): Promise<{ data: R[] }> {
  // Typed by the declaration above; `call` cannot see the parameters of a path typed as a plain string.
  const send = call as (op: Operation, input: object, options?: object) => Promise<ExportPage<R>>;
  return everyPart((q) => send(op, { query: q }, { quiet: true }), query);
}
