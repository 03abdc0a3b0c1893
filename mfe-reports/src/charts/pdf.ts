import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/** What a chart's PDF says besides the chart: its title, the filters used and when it was made. */
export interface ChartPdf {
  title: string;
  /** The filters as the user chose them, e.g. ['Township: Insein', 'Start Date: 2024-01-01']. */
  filters: string[];
  /** When the PDF was made, in the programme's timezone. */
  madeAt: string;
  /** The chart as Highcharts drew it. */
  svg: string;
}

/**
 * The PDF's document definition. Helvetica is one of PDF's standard fonts: nothing to embed, and
 * the text stays plain text in the file (searchable, and checkable by the e2e test).
 */
export function chartPdfDefinition({ title, filters, madeAt, svg }: ChartPdf): TDocumentDefinitions {
  return {
    info: { title },
    pageOrientation: 'landscape',
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    content: [
      { text: title, fontSize: 16, bold: true, margin: [0, 0, 0, 6] },
      { text: `Filters: ${filters.length ? filters.join('; ') : 'none (every township, all dates)'}` },
      { text: `Made: ${madeAt}`, margin: [0, 0, 0, 10] },
      { svg, width: 700 },
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
