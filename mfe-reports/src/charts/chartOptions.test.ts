import type { PointOptionsObject, SeriesColumnOptions, SeriesPieOptions } from 'highcharts';
import { DASHBOARD_LABELS } from '@vot/shared/schemas';
import { NO_DATA, chartOptions, groupData, type ChartGroup } from './chartOptions';

const label = (key: string) => DASHBOARD_LABELS[key] ?? key;

describe('the chart kit', () => {
  it('draws a pie with value and percentage to 2 decimals (SPEC.md §9)', () => {
    const group: ChartGroup = { title: 'Volunteers by age', field: 'by_age', kind: 'pie' };
    const options = chartOptions(
      group,
      groupData(group, { by_age: { less_18: 1, between_18_30: 2, greater_30: 0 } }),
      label,
    );
    expect(options.plotOptions?.pie?.dataLabels).toMatchObject({
      format: '{point.name}: {point.y} ({point.percentage:.2f}%)',
    });
    expect(options.tooltip?.pointFormat).toBe('{point.y} ({point.percentage:.2f}%)');
    // Empty slices are left out; the rest keep the screen's names.
    expect((options.series![0] as SeriesPieOptions).data).toEqual([
      { name: 'Under 18', y: 1 },
      { name: '18 to 30', y: 2 },
    ]);
  });

  it("says 'There is no data in this category' for a pie whose total is 0", () => {
    const group: ChartGroup = {
      title: 'VOT status',
      field: ['with_volunteers', 'without_volunteers', 'No_DOTs'],
      kind: 'pie',
    };
    const options = chartOptions(
      group,
      groupData(group, { with_volunteers: 0, without_volunteers: 0, No_DOTs: 0 }),
      label,
    );
    expect(options.lang?.noData).toBe(NO_DATA);
    expect(NO_DATA).toBe('There is no data in this category');
    expect((options.series![0] as SeriesPieOptions).data).toEqual([]);
  });

  it('draws several number fields as the categories of one column chart', () => {
    const group: ChartGroup = {
      title: 'Reported and trained volunteers',
      field: ['reported_volunteers', 'trained_volunteer'],
      kind: 'column',
    };
    const options = chartOptions(group, groupData(group, { reported_volunteers: 4, trained_volunteer: 3 }), label);
    expect(options.xAxis).toMatchObject({ categories: ['Reported volunteers', 'Trained volunteers'] });
    expect((options.series![0] as SeriesColumnOptions).data).toEqual([4, 3]);
  });

  it('draws a series as one line or column set per key along its points', () => {
    const group: ChartGroup = { title: 'Indicators by month', field: 'total_with_month_year_result', kind: 'line' };
    const series = [
      { name: '2024-03', counts: { indicator_1: 1, indicator_2: 5 } },
      { name: '2024-04', counts: { indicator_1: 2, indicator_2: 0 } },
    ];
    const options = chartOptions(group, groupData(group, { total_with_month_year_result: series }), label);
    expect(options.xAxis).toMatchObject({ categories: ['2024-03', '2024-04'] });
    expect(options.series!.map((s) => [s.name, (s as { data: (number | PointOptionsObject)[] }).data])).toEqual([
      ['1. Patients supported', [1, 2]],
      ['2. Doses observed', [5, 0]],
    ]);
  });
});
