/**
 * What every bench shares: best-of-N timings of named tasks and a Markdown table of ratios against a reference
 * measured in the same run. Not a bench itself (the bench config only picks up `*.bench.ts`).
 */
export const seconds: Record<string, number> = {};
export const samples: Record<string, number[]> = {};

export async function timed(name: string, task: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await task();
  const took = (performance.now() - started) / 1000;
  (samples[name] ??= []).push(took);
  // Best of the runs: noise on a shared machine only ever makes a run slower.
  seconds[name] = Math.min(seconds[name] ?? Infinity, took);
}

export interface RatioRow {
  label: string;
  reference: string;
  candidate: string;
  target: string;
  /** 'speed': reference ÷ candidate (higher is better); 'time': candidate ÷ reference (lower is better). */
  as: 'speed' | 'time';
}

const all = (name: string) => (samples[name] ?? []).map((s) => s.toFixed(2)).join(' ');

export function printTable(title: string, rows: RatioRow[]): void {
  const lines = [
    '',
    `### ${title}`,
    `| ${'case'.padEnd(46)} | reference (best) | ours (best) | ratio  | target | all runs: reference / ours`,
    `|${'-'.repeat(48)}|------------------|-------------|--------|--------|---------------------------`,
    ...rows.map((row) => {
      const ref = seconds[row.reference];
      const ours = seconds[row.candidate];
      const ratio = row.as === 'speed' ? ref / ours : ours / ref;
      return `| ${row.label.padEnd(46)} | ${ref.toFixed(2).padStart(14)} s | ${ours.toFixed(2).padStart(9)} s | ${ratio.toFixed(2).padStart(5)}× | ${row.target.padEnd(6)} | ${all(row.reference)} / ${all(row.candidate)}`;
    }),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
