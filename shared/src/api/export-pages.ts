import { api } from './client';

/** One answer of a paged export (GET patients-export): its rows and the `after` of the next page (null: the last). */
export interface ExportPage<R> {
  data: R[];
  next: number | null;
}

/**
 * Every row of a paged export, asked page after page (`after` = the previous page's `next`), so
 * no single answer carries a national export as one JSON text. Quiet: the export button reads
 * 'Please try again!' itself.
 */
export async function exportAllPages<R>(path: string, params: Record<string, unknown>): Promise<{ data: R[] }> {
  const data: R[] = [];
  let after: number | null = null;
  do {
    const page: ExportPage<R> = await api.get<ExportPage<R>>(path, {
      params: after === null ? params : { ...params, after },
      quiet: true,
    });
    for (const row of page.data) data.push(row);
    after = page.next ?? null;
  } while (after !== null);
  return { data };
}
