import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearNotices, notices, recordDownloads } from '../testing';
import { ExportButton } from './ExportButton';
import { exportFileName, sheetRows, type ExportDef } from './export';
import type { FilterDef } from './ListFilters';

interface Row {
  name: string;
  age: number;
  township: { name: string } | null;
  remark: string | null;
}

const columns: ExportDef<Row>['columns'] = [
  { header: 'Name', field: 'name' },
  { header: 'Age', field: 'age' },
  { header: 'Township', value: (r) => r.township?.name },
  { header: 'Remark', field: 'remark' },
];

describe('sheetRows', () => {
  it('writes the header row, then one row per record, blanks for missing values, numbers as numbers', () => {
    const rows: Row[] = [
      { name: 'Daw Aye', age: 34, township: { name: 'Insein' }, remark: null },
      { name: 'U Ba', age: 51, township: null, remark: 'Night shift' },
    ];
    expect(sheetRows(columns, rows)).toEqual([
      ['Name', 'Age', 'Township', 'Remark'],
      ['Daw Aye', 34, 'Insein', ''],
      ['U Ba', 51, '', 'Night shift'],
    ]);
  });

  it('writes only the header row for an empty list', () => {
    expect(sheetRows(columns, [])).toEqual([['Name', 'Age', 'Township', 'Remark']]);
  });
});

describe('exportFileName', () => {
  it('adds the applied filters to the name', () => {
    expect(exportFileName('Volunteers')).toBe('Volunteers.xlsx');
    expect(exportFileName('Volunteers', ['Hlaingthaya'])).toBe('Volunteers-Hlaingthaya.xlsx');
    expect(exportFileName('Volunteer-Trainings', ['2025-03'])).toBe('Volunteer-Trainings-2025-03.xlsx');
    expect(exportFileName('Volunteers', [''])).toBe('Volunteers.xlsx');
  });

  it('replaces characters a file system refuses', () => {
    expect(exportFileName('Volunteers', ['North/South: "A"'])).toBe('Volunteers-North_South_ _A_.xlsx');
  });
});

describe('ExportButton', () => {
  const townshipFilter: FilterDef = {
    name: 'township_id',
    label: 'Township',
    type: 'select',
    loadOptions: async () => [
      { label: 'Insein', value: 3 },
      { label: 'Hlaingthaya', value: 7 },
    ],
  };
  let downloads: { name: string; blob: Blob }[];

  beforeEach(() => {
    clearNotices();
    // jsdom has no object URLs and does not download: record what would be saved.
    downloads = recordDownloads();
  });
  afterEach(() => jest.restoreAllMocks());

  it("downloads an .xlsx of the export call's rows over the applied filters, named with the township's name", async () => {
    const load = jest.fn(async () => ({
      data: [{ name: 'Daw Aye', age: 34, township: { name: 'Hlaingthaya' }, remark: null }],
    }));
    render(
      <ExportButton
        def={{ fileName: 'Volunteers', suffixFrom: ['township_id'], load, columns }}
        filters={{ township_id: '7' }}
        filterDefs={[townshipFilter]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
    expect(load).toHaveBeenCalledWith({ township_id: '7' });
    expect(downloads[0]!.name).toBe('Volunteers-Hlaingthaya.xlsx');
    expect(downloads[0]!.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(downloads[0]!.blob.size).toBeGreaterThan(0);
    expect(notices()).toEqual([]);
  }, 15_000);

  it("says 'Please try again!' when the export call fails", async () => {
    const load = jest.fn(async () => Promise.reject(new Error('offline')));
    render(<ExportButton def={{ fileName: 'Volunteers', load, columns }} filters={{}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(notices()).toEqual(['Please try again!']));
    expect(downloads).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});
