import type { Options, SeriesOptionsType } from 'highcharts';
import type { Counts, Series } from '@vot/shared/schemas';

/**
 * The chart kit's one job: a declared chart group plus the figures the API answered, as Highcharts
 * options. Pure (no Highcharts here, only its types), so jest checks every kind without a browser.
 */

/** A pie of categories, columns of categories or of points (townships, months), or lines along points. */
export type ChartKind = 'pie' | 'column' | 'line';

/** A group of charts over the answer `D` of a dashboard call (a field it lacks fails the type-check). */
export interface ChartGroup<D extends object = Record<string, unknown>> {
  title: string;
  /**
   * The answer's field (SPEC.md §3 "Dashboard data" names), or several number fields drawn as the
   * categories of one chart (reported and trained volunteers).
   */
  field: FieldOf<D> | FieldOf<D>[];
  kind: ChartKind;
}
type FieldOf<D> = keyof D & string;
/** What drawing a group needs of it (its figures are GroupData already): any dashboard's group is one. */
export type ChartLook = Pick<ChartGroup, 'title' | 'kind'>;

/** What a group's field holds: figures by category, or points along an axis. */
export type GroupData = { counts: Counts } | { series: Series };

/** SPEC.md §2: a pie with nothing in it says so. */
export const NO_DATA = 'There is no data in this category';

/** The group's figures out of a dashboard's answer. */
export function groupData<D extends object>(group: ChartGroup<D>, answer: D): GroupData {
  const figures = answer as Record<string, unknown>;
  if (Array.isArray(group.field))
    return { counts: Object.fromEntries(group.field.map((f) => [f, Number(figures[f] ?? 0)])) };
  const value = figures[group.field];
  if (Array.isArray(value)) return { series: value as Series };
  if (typeof value === 'number') return { counts: { [group.field]: value } };
  return { counts: (value ?? {}) as Counts };
}

/** The sum of a group's figures: a pie whose total is 0 shows NO_DATA instead of slices. */
export function totalOf(data: GroupData): number {
  const all = 'counts' in data ? Object.values(data.counts) : data.series.flatMap((p) => Object.values(p.counts));
  return all.reduce((s, n) => s + n, 0);
}

/** Highcharts options for a group; `label` names a category key (DASHBOARD_LABELS). */
export function chartOptions(group: ChartLook, data: GroupData, label: (key: string) => string): Options {
  const base: Options = {
    title: { text: group.title },
    credits: { enabled: false },
    lang: { noData: NO_DATA },
    noData: { style: { fontSize: '14px' } },
    // The PDF embeds the chart's SVG: no entrance animation to catch half-drawn.
    plotOptions: { series: { animation: false } },
  };
  if (group.kind === 'pie') {
    const counts = 'counts' in data ? data.counts : {};
    const points = Object.entries(counts).map(([key, y]) => ({ name: label(key), y }));
    const empty = totalOf(data) === 0;
    return {
      ...base,
      chart: { type: 'pie' },
      tooltip: { pointFormat: '{point.y} ({point.percentage:.2f}%)' },
      plotOptions: {
        ...base.plotOptions,
        pie: {
          dataLabels: { enabled: true, format: '{point.name}: {point.y} ({point.percentage:.2f}%)' },
          showInLegend: true,
        },
      },
      // An empty pie draws nothing: no points, so the no-data label shows.
      series: [{ type: 'pie', name: group.title, data: empty ? [] : points.filter((p) => p.y > 0) }],
    };
  }
  if ('counts' in data) {
    const keys = Object.keys(data.counts);
    return {
      ...base,
      chart: { type: group.kind },
      xAxis: { categories: keys.map(label) },
      yAxis: { title: { text: 'Count' }, allowDecimals: false },
      legend: { enabled: false },
      plotOptions: { ...base.plotOptions, series: { animation: false, dataLabels: { enabled: true } } },
      series: [{ type: group.kind, name: group.title, data: keys.map((k) => data.counts[k]!) }],
    };
  }
  const keys = [...new Set(data.series.flatMap((p) => Object.keys(p.counts)))];
  return {
    ...base,
    chart: { type: group.kind },
    xAxis: { categories: data.series.map((p) => p.name) },
    yAxis: { title: { text: 'Count' }, allowDecimals: false },
    plotOptions: { ...base.plotOptions, series: { animation: false, dataLabels: { enabled: true } } },
    series: keys.map((k): SeriesOptionsType => ({
      type: group.kind as 'column' | 'line',
      name: label(k),
      data: data.series.map((p) => p.counts[k] ?? 0),
    })),
  };
}
