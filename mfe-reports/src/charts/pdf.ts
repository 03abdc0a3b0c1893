import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/** What a chart's PDF says besides the chart: its title, the filters used, what the dates choose, as of when, and when it was made. */
export interface ChartPdf {
  title: string;
  /** The filters as the user chose them, e.g. ['Township: Insein', 'Start Date: 2024-01-01']. */
  filters: string[];
  /** Which date of the records the period applies to, e.g. ['Patients: treatment start date']. */
  dates: string[];
  /** When the figures were read, in the programme's timezone. */
  asOf: string;
  /** When the PDF was made, in the programme's timezone. */
  madeAt: string;
  /** The chart as Highcharts drew it. */
  svg: string;
}

/** A4 landscape (842 × 595 pt) less the margins: the chart is fitted into what the text leaves of one page. */
const PAGE = { width: 842, height: 595, margin: 32 };
const LINE = 13;

/**
 * The PDF's document definition: one page, the text above and the whole chart fitted below it.
 * Helvetica is one of PDF's standard fonts: nothing to embed, and the text stays plain text in the
 * file (searchable, and checkable by the e2e test).
 */
export function chartPdfDefinition({ title, filters, dates, asOf, madeAt, svg }: ChartPdf): TDocumentDefinitions {
  const lines = [
    `Filters: ${filters.length ? filters.join('; ') : 'none (every township, all dates)'}`,
    ...dates.map((d) => `Dates: ${d}`),
    `Figures as of: ${asOf}`,
    `Made: ${madeAt}`,
  ];
  const width = PAGE.width - 2 * PAGE.margin;
  const textHeight = 24 + lines.length * LINE + 10;
  return {
    info: { title },
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: PAGE.margin,
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    content: [
      { text: title, fontSize: 16, bold: true, margin: [0, 0, 0, 6] },
      ...lines.map((text) => ({ text })),
      // Fitted, not a fixed width: the chart keeps its proportions and stays on the page.
      { svg, fit: [width, PAGE.height - 2 * PAGE.margin - textHeight - 4], margin: [0, 10, 0, 0] },
    ],
  };
}

/** Builds and downloads the PDF; pdfmake (about 1 MB) is fetched on the first export only. */
export async function downloadChartPdf(pdf: ChartPdf, fileName: string): Promise<void> {
  // The browser build is CommonJS exporting an instance (methods on its prototype): use the export itself.
  const [{ default: pdfMake }, { default: helvetica }] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/standard-fonts/Helvetica'),
  ]);
  pdfMake.addFontContainer(helvetica);
  await pdfMake.createPdf(chartPdfDefinition(pdf)).download(fileName);
}
