import { useMemo, useRef, useState } from 'react';
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import 'highcharts/modules/no-data-to-display';
// Styled mode: Highcharts draws with classes from this sheet, no inline styles (the CSP refuses them).
import 'highcharts/css/highcharts.css';
import HighchartsReact, { type HighchartsReactRefObject } from 'highcharts-react-official';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { notify } from '@vot/shared/session';
import { chartOptions, type ChartLook, type GroupData } from './chartOptions';
import { downloadChartPdf } from './pdf';
import { svgWithStyles } from './svgWithStyles';

export interface ChartCardProps {
  group: ChartLook;
  data: GroupData;
  label: (key: string) => string;
  /** The filters in words, for the PDF. */
  filters: string[];
  /** Which date the period applies to, figure by figure (the dashboard's), for the PDF. */
  dates: { figures: string; date: string }[];
  /** When the figures were read, for the PDF. */
  asOf: string;
}

/** A moment in the programme's timezone, as the PDF writes it. */
export const yangonTime = (at: Date = new Date()) =>
  `${at.toLocaleString('en-GB', { timeZone: 'Asia/Yangon', dateStyle: 'medium', timeStyle: 'short' })} (Asia/Yangon)`;

const fileName = (title: string) => `${title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.pdf`;

/** One chart of a dashboard, with its PDF export (SPEC.md §2 "A PDF of any chart can be exported"). */
export function ChartCard({ group, data, label, filters, dates, asOf }: ChartCardProps) {
  const chart = useRef<HighchartsReactRefObject>(null);
  const [busy, setBusy] = useState(false);
  const options = useMemo(() => {
    const built = chartOptions(group, data, label);
    return { ...built, chart: { ...built.chart, styledMode: true } };
  }, [group, data, label]);

  async function exportPdf() {
    const drawn = chart.current?.container.current?.querySelector('svg');
    const svg = drawn && svgWithStyles(drawn);
    if (!svg) return;
    setBusy(true);
    try {
      await downloadChartPdf(
        {
          title: group.title,
          filters,
          dates: dates.map((d) => `${d.figures}: ${d.date}`),
          asOf,
          madeAt: yangonTime(),
          svg,
        },
        fileName(group.title),
      );
    } catch {
      notify('error', 'Please try again!');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="vot-chart-card">
      <figure aria-label={group.title} className="vot-chart">
        <HighchartsReact highcharts={Highcharts} options={options} ref={chart} />
      </figure>
      <Button
        type="button"
        label="Export PDF"
        icon="pi pi-file-pdf"
        size="small"
        outlined
        loading={busy}
        aria-label={`Export PDF of ${group.title}`}
        onClick={exportPdf}
      />
    </Card>
  );
}
