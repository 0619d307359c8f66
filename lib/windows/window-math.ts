import type { WindowRule } from './window-spec';

/**
 * When a window is open, in a time zone: pure functions of an instant (ms since the epoch). Wall-clock times are read
 * with Intl in the zone itself, so daylight-saving changes move nothing: "01:00" is 01:00 on the local clock that
 * day. A span that starts in an hour the clock skips (02:30 on a spring-forward night) starts as late past the jump.
 */
export interface ZonedWindow {
  rules: readonly WindowRule[];
  timeZone: string;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  /** Minutes after local midnight. */
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(at: number, timeZone: string) {
  const out: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(at)) out[part.type] = part.value;
  return out;
}

/** The wall clock in `timeZone` at instant `at`. */
export function wallTime(at: number, timeZone: string): WallTime {
  const p = parts(at, timeZone);
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), weekday: WEEKDAYS[p.weekday], minute: Number(p.hour) * 60 + Number(p.minute) };
}

/** How far the zone's clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const p = parts(at, timeZone);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the zone's clock reads `minute` on that date. A time the clock skips (spring forward) moves on by the
 * skipped length (02:30 on a night that jumps from 02:00 to 03:00 is 03:30), as Temporal's "compatible" reading
 * does; a time the clock reads twice (fall back) is the first.
 */
export function zonedInstant(year: number, month: number, day: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, 0, minute);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  if (first === second) return first;
  // Two readings: the earlier of the ones that show this wall time, else (a skipped time) the later offset's instant.
  const shows = [first, second].filter((t) => wallMinuteKey(wallTime(t, timeZone)) === wallMinuteKey({ year, month, day, weekday: 0, minute }));
  return shows.length > 0 ? Math.min(...shows) : Math.max(first, second);
}

const wallMinuteKey = (w: WallTime) => `${w.year}-${w.month}-${w.day}-${w.minute}`;

/** Whether the rules let work run at this wall time (a span crossing midnight holds into the next day). */
export function openAtWallTime(rules: readonly WindowRule[], weekday: number, minute: number): boolean {
  const yesterday = (weekday + 6) % 7;
  return rules.some((rule) => {
    if (rule.start < rule.end) return rule.days.includes(weekday) && minute >= rule.start && minute < rule.end;
    return (rule.days.includes(weekday) && minute >= rule.start) || (rule.days.includes(yesterday) && minute < rule.end);
  });
}

/** Whether the window is open at instant `at`. A window with no rules is always open. */
export function isOpen(window: ZonedWindow, at: number): boolean {
  if (window.rules.length === 0) return true;
  const wall = wallTime(at, window.timeZone);
  return openAtWallTime(window.rules, wall.weekday, wall.minute);
}

const DAY_MS = 86_400_000;

/**
 * The first instant at or after `at` when the window is open: `at` itself while it is open, else the next span's
 * start (looked for over the next eight days, which every rule repeats within). Undefined for a window that never opens.
 */
export function nextOpen(window: ZonedWindow, at: number): number | undefined {
  if (isOpen(window, at)) return at;
  let best: number | undefined;
  const today = wallTime(at, window.timeZone);
  for (let offset = 0; offset <= 8; offset++) {
    // Calendar days counted on the calendar (not in 24-hour steps, which a 23-hour day would skip one of).
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    for (const rule of window.rules) {
      if (!rule.days.includes(date.getUTCDay())) continue;
      const start = zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), rule.start, window.timeZone);
      if (start > at && (best === undefined || start < best) && isOpen(window, start)) best = start;
    }
  }
  return best;
}

/**
 * The first instant at or after `at` when every window is open at once (the operator's and the user's), looked
 * for over the next eight days; undefined when they never meet.
 */
export function nextOpenAll(windows: readonly ZonedWindow[], at: number): number | undefined {
  if (windows.length === 0) return at;
  let t = at;
  const limit = at + 8 * DAY_MS;
  for (let step = 0; step < 200 && t <= limit; step++) {
    const opens = windows.map((window) => nextOpen(window, t));
    if (opens.some((open) => open === undefined)) return undefined;
    const latest = Math.max(...(opens as number[]));
    if (latest === t) return t;
    t = latest;
  }
  return undefined;
}
