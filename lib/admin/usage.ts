import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Usage is kept a little longer than the widest view (7 days) so a view never lacks its first hours. */
export const USAGE_KEEP_MS = 8 * DAY;

/** One ended download or bulk item, as the usage figures need it: no user, address, link or title. */
export interface UsageEvent {
  ok: boolean;
  platform?: string;
  code?: string;
  bytes?: number;
}

/** Counts it into its UTC hour, platform and outcome (code '' when it worked). */
export async function recordUsage(db: Db, event: UsageEvent, at: number): Promise<void> {
  const hour = Math.floor(at / HOUR) * HOUR;
  const code = event.ok ? '' : (event.code ?? 'internal');
  const bytes = event.ok ? Math.max(0, Math.round(event.bytes ?? 0)) : 0;
  await db.run(
    `INSERT INTO usage_hours (hour, platform, code, count, bytes) VALUES (?, ?, ?, 1, ?)
     ON CONFLICT (hour, platform, code) DO UPDATE SET count = usage_hours.count + 1, bytes = usage_hours.bytes + excluded.bytes`,
    [hour, event.platform ?? 'generic', code, bytes],
  );
}

export const usageDaysSchema = z.object({ days: z.coerce.number().pipe(z.union([z.literal(1), z.literal(7)])).default(1) });

const figureSchema = z.object({ downloads: z.number().int(), failures: z.number().int(), bytes: z.number() });

export const usageSchema = z.object({
  days: z.union([z.literal(1), z.literal(7)]),
  totals: figureSchema,
  /** Hours for one day, days for seven: oldest first, the current one last. */
  series: z.array(figureSchema.extend({ start: z.string().meta({ format: 'date-time' }) })),
  platforms: z.array(figureSchema.extend({ platform: z.string() })),
  failures: z.array(z.object({ code: z.string(), count: z.number().int() })),
});
export type Usage = z.infer<typeof usageSchema>;

interface Row {
  hour: number | string;
  platform: string;
  code: string;
  count: number | string;
  bytes: number | string;
}

/** Downloads, bytes and failures of the last 1 or 7 days: in total, over time, by platform and by failure code. */
export async function usageSummary(db: Db, days: 1 | 7, at: number): Promise<Usage> {
  const step = days === 1 ? HOUR : DAY;
  const slots = days === 1 ? 24 : 7;
  const last = Math.floor(at / step) * step;
  const first = last - (slots - 1) * step;
  const rows = await db.query<Row>('SELECT hour, platform, code, count, bytes FROM usage_hours WHERE hour >= ?', [first]);
  const empty = () => ({ downloads: 0, failures: 0, bytes: 0 });
  const totals = empty();
  const series = Array.from({ length: slots }, (_, i) => ({ start: new Date(first + i * step).toISOString(), ...empty() }));
  const platforms = new Map<string, ReturnType<typeof empty>>();
  const failures = new Map<string, number>();
  for (const row of rows) {
    const count = Number(row.count);
    const bytes = Number(row.bytes);
    const slot = series[Math.floor((Number(row.hour) - first) / step)];
    const platform = platforms.get(row.platform) ?? empty();
    platforms.set(row.platform, platform);
    for (const figure of [totals, platform, ...(slot ? [slot] : [])]) {
      if (row.code) figure.failures += count;
      else figure.downloads += count;
      figure.bytes += bytes;
    }
    if (row.code) failures.set(row.code, (failures.get(row.code) ?? 0) + count);
  }
  return {
    days,
    totals,
    series,
    platforms: [...platforms].map(([platform, figure]) => ({ platform, ...figure }))
      .sort((a, b) => b.downloads + b.failures - (a.downloads + a.failures) || a.platform.localeCompare(b.platform)),
    failures: [...failures].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
  };
}

export async function purgeUsage(db: Db, at: number): Promise<number> {
  return (await db.run('DELETE FROM usage_hours WHERE hour < ?', [at - USAGE_KEEP_MS])).changes;
}
