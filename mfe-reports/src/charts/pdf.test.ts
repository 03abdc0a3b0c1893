import { chartPdfDefinition } from './pdf';

it("puts the chart's title, the filters used, the date made and the chart in its PDF", () => {
  const doc = chartPdfDefinition({
    title: 'Volunteers by age',
    filters: ['Township: Insein', 'Start Date: 2024-01-01'],
    madeAt: '23 Nov 2026, 18:10 (Asia/Yangon)',
    svg: '<svg/>',
  });
  expect(doc.content).toEqual([
    expect.objectContaining({ text: 'Volunteers by age' }),
    expect.objectContaining({ text: 'Filters: Township: Insein; Start Date: 2024-01-01' }),
    expect.objectContaining({ text: 'Made: 23 Nov 2026, 18:10 (Asia/Yangon)' }),
    expect.objectContaining({ svg: '<svg/>' }),
  ]);
  expect(chartPdfDefinition({ title: 'T', filters: [], madeAt: 'now', svg: '<svg/>' }).content).toContainEqual(
    expect.objectContaining({ text: 'Filters: none (every township, all dates)' }),
  );
});
