import { ExportButton, ListFilters, townshipFilter, useUrlFilters, type FilterDef } from '@vot/shared/lists';
import { useCan } from '@vot/shared/ui';
import { visitsApi } from './visits.api';
import { visitExport } from './visits.screen';

const FILTERS: FilterDef[] = [{ name: 'dates', label: 'Date', type: 'date-range' }, townshipFilter];
const ALL_PATIENT_VOTS = visitExport('All-Patient-VOTs', (filters) => visitsApi.exportAllPatients(filters));

/**
 * 'All-Patient-VOTs' (SPEC.md §7 Export files): every VOT visit of the patients in the user's scope,
 * over a chosen date range (a programme's whole history would not open in a spreadsheet).
 */
export function AllVisitsExport() {
  const canExport = useCan('vot-status', 'export');
  const filters = useUrlFilters(FILTERS);
  if (!canExport) return null;
  return (
    <section aria-labelledby="all-visits-export" style={{ marginTop: '1.5rem' }}>
      <h3 id="all-visits-export">All Patient VOTs</h3>
      <div className="vot-list-toolbar">
        <ListFilters filters={FILTERS} />
        {filters.start_date && filters.end_date ? (
          <ExportButton def={ALL_PATIENT_VOTS} filters={filters} filterDefs={FILTERS} />
        ) : (
          <span>Choose a Start Date and an End Date to export.</span>
        )}
      </div>
    </section>
  );
}
