import { normaliseChapters, type Chapter } from './chapters';

/** "1:02:03", "12:05", "0:00", in brackets or not, at a line's start or its end. */
const LEADING_TIME = /^[([]?(\d{1,2}(?::\d{2})?:\d{2})[)\]]?/;
const TRAILING_TIME = /[([]?(\d{1,2}(?::\d{2})?:\d{2})[)\]]?$/;
const BULLETS = new Set(['-', '*', '•', '▶', '►']);
const SEPARATORS = new Set(['-', '–', '—', ':', '|', '.']);

function seconds(clock: string): number {
  return clock.split(':').map(Number).reduce((sum, part) => sum * 60 + part, 0);
}

/** The text without separators and spaces at its start (`end`: at its end); a loop, never a backtracking pattern. */
function stripSeparators(text: string, end = false): string {
  let s = text.trim();
  const at = () => (end ? s[s.length - 1] : s[0]);
  while (s && SEPARATORS.has(at()!)) s = (end ? s.slice(0, -1) : s.slice(1)).trim();
  return s;
}

/** A line's time and title: "0:00 Intro", "(1:30) - Setup", "The end — 1:02:03"; none when it is neither. */
function readLine(raw: string): { start: number; title: string } | undefined {
  let line = raw.trim();
  while (line && BULLETS.has(line[0]!)) line = line.slice(1).trim();
  const lead = LEADING_TIME.exec(line);
  if (lead) return { start: seconds(lead[1]), title: stripSeparators(line.slice(lead[0].length)) };
  const tail = TRAILING_TIME.exec(line);
  if (tail) return { start: seconds(tail[1]), title: stripSeparators(line.slice(0, line.length - tail[0].length), true) };
  return undefined;
}

/**
 * A description's timestamp list as chapters, the way YouTube reads one: at least three lines that each start
 * (or end) with a time, the first at 0:00, the times rising. Anything else is no chapter list.
 */
export function chaptersFromDescription(description: string | undefined, duration?: number): Chapter[] {
  if (!description) return [];
  const found: { start: number; title: string }[] = [];
  for (const line of description.slice(0, 20_000).split('\n').slice(0, 500)) {
    const read = readLine(line.length > 300 ? '' : line);
    if (!read?.title) continue;
    if (found.length > 0 && read.start <= found[found.length - 1].start) continue;
    if (duration && read.start >= duration) continue;
    found.push(read);
  }
  if (found.length < 3 || found[0].start !== 0) return [];
  return normaliseChapters(found, duration);
}
