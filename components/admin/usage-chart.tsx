'use client';

import { useId } from 'react';

/** One bar: what it stands for, and its two stacked parts (done first, failed after it). */
export interface ChartRow {
  label: string;
  done: number;
  failed: number;
}

interface ChartProps {
  title: string;
  rows: ChartRow[];
  /** The names of the parts, for the legend and the table's headings; a chart of one part names only `done`. */
  names: { done: string; failed?: string };
  /** The heading of the table's first column. */
  labelHeading: string;
  dir: 'ltr' | 'rtl';
  format: (value: number) => string;
  /** The colour of a one-part chart: that of successes (default) or of failures. */
  tone?: 'done' | 'failed';
}

const DONE = 'fill-primary';
const FAILED = 'fill-destructive';

/**
 * The same figures for screen readers, as a table no one else sees. The wrapper is what is hidden: a table's own
 * size grows with its rows whatever its height says, and would stretch the page.
 */
function HiddenTable({ rows, names, labelHeading, format }: Pick<ChartProps, 'rows' | 'names' | 'labelHeading' | 'format'>) {
  return (
    <div className="sr-only" data-testid="chart-table">
      <table>
        <thead>
          <tr>
            <th scope="col">{labelHeading}</th>
            <th scope="col">{names.done}</th>
            {names.failed && <th scope="col">{names.failed}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{format(row.done)}</td>
              {names.failed && <td>{format(row.failed)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Legend({ names, tone = 'done' }: { names: ChartProps['names']; tone?: ChartProps['tone'] }) {
  return (
    <div aria-hidden className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <svg width="10" height="10"><rect width="10" height="10" rx="2" className={tone === 'failed' ? FAILED : DONE} /></svg>{names.done}
      </span>
      {names.failed && (
        <span className="inline-flex items-center gap-1.5"><svg width="10" height="10"><rect width="10" height="10" rx="2" className={FAILED} /></svg>{names.failed}</span>
      )}
    </div>
  );
}

/**
 * Columns over time, drawn as SVG: the oldest at the reading start (left, or right in a right-to-left page). Each
 * column is its done part with the failed part on top. The picture is hidden from screen readers, which read the
 * figure's caption and the table instead.
 */
export function ColumnChart({ title, rows, names, labelHeading, dir, format, first, last }: ChartProps & { first: string; last: string }) {
  const id = useId();
  const top = Math.max(1, ...rows.map((row) => row.done + row.failed));
  const slot = 10;
  const width = rows.length * slot;
  return (
    <figure aria-labelledby={id} className="space-y-2" data-testid="usage-columns">
      <figcaption id={id} className="text-sm font-medium">{title}</figcaption>
      <Legend names={names} />
      <svg aria-hidden viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="h-40 w-full rounded-md bg-muted/40">
        {rows.map((row, i) => {
          const x = (dir === 'rtl' ? rows.length - 1 - i : i) * slot + 1.5;
          const done = (row.done / top) * 96;
          const failed = (row.failed / top) * 96;
          return (
            <g key={row.label} data-label={row.label}>
              {done > 0 && <rect x={x} y={100 - done} width={slot - 3} height={done} className={DONE} />}
              {failed > 0 && <rect x={x} y={100 - done - failed} width={slot - 3} height={failed} className={FAILED} />}
            </g>
          );
        })}
      </svg>
      <div aria-hidden className="flex justify-between text-xs text-muted-foreground">
        <span>{first}</span>
        <span>{last}</span>
      </div>
      <HiddenTable rows={rows} names={names} labelHeading={labelHeading} format={format} />
    </figure>
  );
}

/**
 * Horizontal bars, one row each (a platform, a reason for failing), growing from the reading start. Beside each bar
 * its figure in words (`figure`: "10 downloads · 2 failed"; by default the formatted total); `wideLabels` puts a
 * long label (a sentence) on its own line above its bar.
 */
export function BarChart({ title, rows, names, labelHeading, dir, format, tone = 'done', figure, wideLabels = false }: ChartProps & { figure?: (row: ChartRow) => string; wideLabels?: boolean }) {
  const id = useId();
  const top = Math.max(1, ...rows.map((row) => row.done + row.failed));
  return (
    <figure aria-labelledby={id} className="space-y-2" data-testid="usage-bars">
      <figcaption id={id} className="text-sm font-medium">{title}</figcaption>
      <Legend names={names} tone={tone} />
      <div aria-hidden className="space-y-1.5">
        {rows.map((row) => {
          const done = (row.done / top) * 100;
          const failed = (row.failed / top) * 100;
          const start = (width: number, offset: number) => (dir === 'rtl' ? 100 - offset - width : offset);
          return (
            <div key={row.label} className={wideLabels ? 'grid grid-cols-[1fr_auto] items-center gap-x-2 gap-y-0.5 text-sm' : 'grid grid-cols-[minmax(0,7rem)_1fr_auto] items-center gap-2 text-sm'}>
              <span className={wideLabels ? 'col-span-2' : 'truncate'}>{row.label}</span>
              <svg className="h-3.5 w-full" viewBox="0 0 100 10" preserveAspectRatio="none" data-label={row.label}>
                <rect x="0" y="0" width="100" height="10" className="fill-muted" />
                {done > 0 && <rect x={start(done, 0)} y="0" width={done} height="10" className={tone === 'failed' ? FAILED : DONE} />}
                {failed > 0 && <rect x={start(failed, done)} y="0" width={failed} height="10" className={FAILED} />}
              </svg>
              <span className="tabular-nums text-muted-foreground">{figure ? figure(row) : format(row.done + row.failed)}</span>
            </div>
          );
        })}
      </div>
      <HiddenTable rows={rows} names={names} labelHeading={labelHeading} format={format} />
    </figure>
  );
}
