import { chartPdfDefinition } from './pdf';

const pdf = {
  title: 'Volunteers by age',
  filters: ['Township: Insein', 'Start Date: 2024-01-01'],
  dates: ['Volunteers by township, age and education: the day they joined'],
  asOf: '23 Nov 2026, 18:09 (Asia/Yangon)',
  madeAt: '23 Nov 2026, 18:10 (Asia/Yangon)',
  svg: '<svg/>',
};

it("puts the chart's title, the filters, the dates used, as of when, the date made and the chart in its PDF", () => {
  const doc = chartPdfDefinition(pdf);
  expect(doc.content).toEqual([
    expect.objectContaining({ text: 'Volunteers by age' }),
    expect.objectContaining({ text: 'Filters: Township: Insein; Start Date: 2024-01-01' }),
    expect.objectContaining({ text: 'Dates: Volunteers by township, age and education: the day they joined' }),
    expect.objectContaining({ text: 'Figures as of: 23 Nov 2026, 18:09 (Asia/Yangon)' }),
    expect.objectContaining({ text: 'Made: 23 Nov 2026, 18:10 (Asia/Yangon)' }),
    expect.objectContaining({ svg: '<svg/>' }),
  ]);
  expect(chartPdfDefinition({ ...pdf, filters: [] }).content).toContainEqual(
    expect.objectContaining({ text: 'Filters: none (every township, all dates)' }),
  );
});

it('fits the whole chart on one A4 landscape page under the text', () => {
  const doc = chartPdfDefinition(pdf);
  expect(doc.pageSize).toBe('A4');
  expect(doc.pageOrientation).toBe('landscape');
  const chart = (doc.content as { svg?: string; fit?: [number, number] }[]).find((c) => c.svg)!;
  const [width, height] = chart.fit!;
  // 842 × 595 pt less 32 pt margins; the text takes about 100 pt.
  expect(width).toBe(778);
  expect(height).toBeGreaterThan(380);
  expect(height).toBeLessThan(531 - 5 * 13);
});
