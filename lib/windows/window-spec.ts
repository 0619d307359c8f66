
/**
 * A download window: the days and hours background work may run, as text such as
 * "Mon-Fri 01:00-06:00; Sat,Sun 00:00-24:00". Rules are separated by ';'. Each names days (Mon…Sun, a range
 * Mon-Fri, a list Sat,Sun, or "daily") and one span of wall-clock time; a span whose end is not after its start
 * (22:00-02:00) crosses midnight into the next day, and belongs to the day it starts on. No server-only imports:
 * the settings page validates with the same parser.
 */

export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface WindowRule {
  /** Days (0 = Sunday) the span starts on. */
  days: number[];
  /** Minutes after local midnight, 0‥1439. */
  start: number;
  /** Minutes after local midnight, 1‥1440; at or before `start`: the span ends the next day. */
  end: number;
}

/** What is wrong with a window's text, for a page to say in its visitor's language (`value`: the words at fault). */
export interface WindowProblem {
  code: 'too_many_rules' | 'days_then_hours' | 'not_days' | 'no_days' | 'not_time' | 'not_time_of_day' | 'empty_span';
  value?: string;
}

export type WindowParse = { ok: true; rules: WindowRule[] } | { ok: false; error: string; problem: WindowProblem };

/** The problem in English: what the API and the configuration check answer. */
function englishOf({ code, value }: WindowProblem): string {
  switch (code) {
    case 'too_many_rules': return 'Use at most 28 rules';
    case 'days_then_hours': return `"${value}": write days then hours, e.g. "Mon-Fri 01:00-06:00"`;
    case 'not_days': return `"${value}" is not a day or a range of days (Mon, Mon-Fri, Sat,Sun, daily)`;
    case 'no_days': return 'name at least one day';
    case 'not_time': return `"${value}" is not a time (HH:MM, 24-hour)`;
    case 'not_time_of_day': return `"${value}" is not a time of day (00:00 to 24:00)`;
    case 'empty_span': return `"${value}": a window cannot start and end at the same time (a whole day is 00:00-24:00)`;
  }
}

const failed = (problem: WindowProblem): WindowParse => ({ ok: false, error: englishOf(problem), problem });

const FULL_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A day's index from its English name or its first three letters, any case; -1 for anything else. */
const dayIndex = (name: string) => {
  const lower = name.toLowerCase();
  return FULL_NAMES.findIndex((full) => lower === full || lower === full.slice(0, 3));
};

function parseDays(text: string): number[] | WindowProblem {
  if (/^(daily|every ?day|\*)$/i.test(text)) return [0, 1, 2, 3, 4, 5, 6];
  const days = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [from, to, extra] = part.split('-').map((p) => p.trim());
    const a = dayIndex(from ?? '');
    const b = to === undefined ? a : dayIndex(to);
    if (extra !== undefined || a < 0 || b < 0) return { code: 'not_days', value: part };
    // A range may wrap around the week: Fri-Mon is Fri, Sat, Sun, Mon.
    for (let d = a; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === b) break;
    }
  }
  return days.size > 0 ? [...days].sort() : { code: 'no_days' };
}

function parseTime(text: string, isEnd: boolean): number | WindowProblem {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return { code: 'not_time', value: text };
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || minutes > 1440 || (minutes === 1440 && !isEnd)) return { code: 'not_time_of_day', value: text };
  return minutes;
}

/** Parses window text; an empty text is no rule at all (callers decide what that means). */
export function parseWindow(text: string): WindowParse {
  const rules: WindowRule[] = [];
  const parts = text.split(';').map((part) => part.trim()).filter(Boolean);
  if (parts.length > 28) return failed({ code: 'too_many_rules' });
  for (const part of parts) {
    // "Mon - Fri  01:00 - 06:00" reads as "Mon-Fri 01:00-06:00": the hours are the last word.
    const compact = part.replace(/\s+/g, ' ').replace(/ ?- ?/g, '-');
    const cut = compact.lastIndexOf(' ');
    const [from, to, extra] = cut > 0 ? compact.slice(cut + 1).split('-') : [];
    if (!from || !to || extra !== undefined) return failed({ code: 'days_then_hours', value: part });
    const days = parseDays(compact.slice(0, cut));
    if (!Array.isArray(days)) return failed(days);
    const start = parseTime(from, false);
    if (typeof start !== 'number') return failed(start);
    const end = parseTime(to, true);
    if (typeof end !== 'number') return failed(end);
    if (start === end) return failed({ code: 'empty_span', value: part });
    rules.push({ days, start, end });
  }
  return { ok: true, rules };
}

/** Whether a time zone name is one this runtime knows (IANA, e.g. Europe/Paris, or UTC). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
