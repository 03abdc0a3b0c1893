import type { ReactNode } from 'react';
import { Paginator } from 'primereact/paginator';
import { PAGE_SIZE } from '@vot/shared/domain';
import { BackButton, FullScreenSpinner } from '@vot/shared/ui';
import { LoadError } from './LoadError';
import type { PagedList } from './usePagedList';

interface Props<T> {
  title: string;
  list: PagedList<T>;
  pageSize?: number;
  toolbar?: ReactNode;
  /** A line under the title: why something is missing (a patient whose VOT has ended has no New). */
  intro?: ReactNode;
  /** The page's rows however the screen draws them: a table, a calendar's tiles, a grid of days. */
  children: ReactNode;
}

/**
 * The frame of every paged screen: title, back button, toolbar, the rows, and a paginator shown
 * only when the total exceeds one page (SPEC.md §2, §9). The first load covers the screen; later
 * loads keep the rows visible so a slow connection does not blank what the user is reading.
 */
export function PagedFrame<T>({ title, list, pageSize = PAGE_SIZE, toolbar, intro, children }: Props<T>) {
  const firstLoad = list.loading && list.rows.length === 0 && !list.error;
  return (
    <section className="vot-list-page" aria-labelledby="list-title">
      <header className="vot-list-header">
        <BackButton />
        <h2 id="list-title">{title}</h2>
        <div className="vot-list-toolbar">{toolbar}</div>
      </header>
      {intro}
      {firstLoad && <FullScreenSpinner />}
      {list.error && <LoadError message={list.error} onRetry={list.reload} />}
      {children}
      {list.total > pageSize && (
        <Paginator
          first={(list.page - 1) * pageSize}
          rows={pageSize}
          totalRecords={list.total}
          onPageChange={(e) => list.setPage(e.page + 1)}
        />
      )}
    </section>
  );
}
