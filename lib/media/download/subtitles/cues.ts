import { AppError } from '@/lib/errors';

/** One cue of a text track, its times in seconds on the delivered file's timeline. */
export interface Cue {
  start: number;
  end: number;
  text: string;
  /** WebVTT cue settings (position, align…), kept for a .vtt output. */
  settings?: string;
}

/** A WebVTT file's cues, and its HLS X-TIMESTAMP-MAP when it has one (MPEG-TS clock ↔ cue clock). */
export interface ParsedVtt {
  cues: Cue[];
  timestampMap?: { mpegts: number; local: number };
}

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/;
const MAX_CUES = 200_000;

/** `hh:mm:ss.ttt`, `mm:ss.ttt` (WebVTT) or `hh:mm:ss,ttt` (SRT) → seconds; undefined when it is none of them. */
export function parseTimestamp(value: string): number | undefined {
  const m = TIME.exec(value.trim());
  if (!m) return undefined;
  const [, h, min, s, frac] = m;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(s) + Number(frac.padEnd(3, '0')) / 1000;
}

function blocksOf(text: string): string[][] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).reduce<string[][]>((blocks, line) => {
    if (line.trim() === '') blocks.push([]);
    else blocks[blocks.length - 1].push(line);
    return blocks;
  }, [[]]).filter((b) => b.length > 0);
}

/** A block's timing line and what follows it; null for a block that is not a cue (NOTE, STYLE, REGION, junk). */
function cueOf(block: string[]): Cue | null {
  const at = block.findIndex((line) => line.includes('-->'));
  if (at < 0 || at > 1) return null;
  const [left, right] = block[at].split('-->');
  const [endText, ...settings] = right.trim().split(/\s+/);
  const start = parseTimestamp(left);
  const end = parseTimestamp(endText);
  if (start === undefined || end === undefined || end < start) return null;
  const cue: Cue = { start, end, text: block.slice(at + 1).join('\n') };
  if (settings.length) cue.settings = settings.join(' ');
  return cue;
}

function capped(cues: Cue[]): Cue[] {
  if (cues.length > MAX_CUES) throw new AppError('upstream_failed', 'The subtitle track is too large');
  return cues;
}

/** A WebVTT file (or one HLS WebVTT segment). Text that is not WebVTT is the source's fault. */
export function parseVtt(text: string): ParsedVtt {
  const blocks = blocksOf(text);
  const header = blocks.shift();
  if (!header || !/^WEBVTT(?:[ \t]|$)/.test(header[0])) throw new AppError('upstream_failed', 'The subtitle track is not WebVTT');
  const parsed: ParsedVtt = { cues: [] };
  const mapLine = header.find((line) => line.startsWith('X-TIMESTAMP-MAP='));
  if (mapLine) {
    const mpegts = /MPEGTS:(\d+)/.exec(mapLine)?.[1];
    const local = /LOCAL:([\d:.]+)/.exec(mapLine)?.[1];
    const localSeconds = local === undefined ? undefined : parseTimestamp(local);
    if (mpegts !== undefined && localSeconds !== undefined) parsed.timestampMap = { mpegts: Number(mpegts), local: localSeconds };
  }
  // A cue may follow the header without a blank line between them.
  const rest = header.findIndex((line) => line.includes('-->'));
  if (rest > 0) blocks.unshift(header.slice(rest > 1 && !header[rest - 1].includes('=') ? rest - 1 : rest));
  parsed.cues = capped(blocks.map(cueOf).filter((c): c is Cue => c !== null));
  return parsed;
}

/** An SRT file. */
export function parseSrt(text: string): Cue[] {
  const cues = blocksOf(text).map(cueOf).filter((c): c is Cue => c !== null);
  if (cues.length === 0 && text.trim().length > 0) throw new AppError('upstream_failed', 'The subtitle track is not SRT');
  return capped(cues);
}

function clock(seconds: number, separator: '.' | ','): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

/** A cue's text may not hold a blank line or "-->" (either would end or fake a cue in the output). */
const safeText = (text: string) => text.split('\n').filter((line) => line.trim() !== '').join('\n').replaceAll('-->', '→');

export function toVtt(cues: Cue[]): string {
  const body = cues.map((c) => `${clock(c.start, '.')} --> ${clock(c.end, '.')}${c.settings ? ` ${c.settings}` : ''}\n${safeText(c.text)}`);
  return ['WEBVTT', ...body].join('\n\n') + '\n';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f' };

const KEPT_TAG = /^<\/?[ibu]>/;

/**
 * The text without its tags but `<i>`, `<b>` and `<u>`: each other `<` up to the first `>` after it, when no line
 * ends before that `>`. One pass: the end found for one `<` serves every `<` before it, so a line of unclosed `<`
 * is read once, not once per `<` (as /<[^>\n]*>/g does, quadratic in its length).
 */
function withoutOtherTags(text: string): string {
  let out = '';
  let copied = 0;
  // The first '>' or line end after the last `<` looked at (text.length when there is none).
  let stop = -1;
  for (let at = text.indexOf('<'); at !== -1; ) {
    if (KEPT_TAG.test(text.slice(at, at + 4))) {
      at = text.indexOf('<', at + 1);
      continue;
    }
    if (stop <= at) {
      stop = at + 1;
      while (stop < text.length && text[stop] !== '>' && text[stop] !== '\n') stop += 1;
    }
    if (text[stop] === '>') {
      out += text.slice(copied, at);
      copied = stop + 1;
      at = text.indexOf('<', copied);
    } else {
      at = text.indexOf('<', at + 1);
    }
  }
  return out + text.slice(copied);
}

/** SRT players know `<i>`, `<b>` and `<u>`; WebVTT's other tags (voices, classes, timestamps) are dropped. */
function srtText(text: string): string {
  return withoutOtherTags(safeText(text))
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]);
}

export function toSrt(cues: Cue[]): string {
  return cues.map((c, i) => `${i + 1}\n${clock(c.start, ',')} --> ${clock(c.end, ',')}\n${srtText(c.text)}\n`).join('\n');
}

/**
 * Cues in time order, each once: a cue that spans a segment boundary is repeated in both segments (RFC 8216
 * asks for it), and text that is blank after cleaning is dropped.
 */
export function mergeCues(cues: Cue[]): Cue[] {
  const seen = new Set<string>();
  return cues
    .filter((c) => c.text.trim() !== '')
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .filter((c) => {
      const key = `${c.start.toFixed(3)}|${c.end.toFixed(3)}|${c.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
