/**
 * Naming templates in yt-dlp's syntax: `%(field)s`, a default after `|` (`%(creator|Unknown)s`), a date format
 * after `>` (`%(upload_date>%Y-%m-%d)s`), a zero-padded number (`%(playlist_index)03d`), `%%` for a percent sign
 * and `/` between folders. Pure: the browser previews with it and the server names files with it.
 */

export const TEMPLATE_FIELDS = [
  'creator', 'channel_id', 'title', 'id', 'upload_date', 'upload_year', 'upload_month', 'upload_day',
  'platform', 'playlist', 'playlist_index', 'quality', 'ext',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** What a file is named after; a missing or blank value takes the template's default, or "NA" as yt-dlp writes. */
export type TemplateValues = Partial<Record<TemplateField, string | number | null>>;

export const TEMPLATE_MAX_LENGTH = 300;
export const TEMPLATE_MAX_DEPTH = 8;
const DATE_FIELDS: ReadonlySet<string> = new Set(['upload_date']);
const DATE_TOKENS: ReadonlySet<string> = new Set(['Y', 'y', 'm', 'd', 'j', '%']);

export type TemplateErrorCode =
  | 'empty' | 'too_long' | 'unclosed' | 'unknown_field' | 'bad_conversion' | 'date_format_on_text'
  | 'bad_date_format' | 'absolute' | 'parent_folder' | 'empty_folder' | 'too_deep';

export class TemplateError extends Error {
  constructor(readonly code: TemplateErrorCode, message: string, readonly field?: string) {
    super(message);
  }
}

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'field'; name: TemplateField; format?: string; fallback?: string; conversion: 's' | 'd'; width: number };

const isField = (name: string): name is TemplateField => (TEMPLATE_FIELDS as readonly string[]).includes(name);

function checkDateFormat(format: string, field: string): void {
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    const token = format[++i];
    if (token === undefined || !DATE_TOKENS.has(token)) {
      throw new TemplateError('bad_date_format', `The date format of ${field} may use %Y, %y, %m, %d, %j and %% only`, field);
    }
  }
}

/** The template as tokens; throws a TemplateError naming what is wrong. */
export function parseTemplate(template: string): Token[] {
  if (template.trim() === '') throw new TemplateError('empty', 'The template is empty');
  if (template.length > TEMPLATE_MAX_LENGTH) throw new TemplateError('too_long', `The template is longer than ${TEMPLATE_MAX_LENGTH} characters`);
  const tokens: Token[] = [];
  let text = '';
  for (let i = 0; i < template.length; i++) {
    const char = template[i];
    if (char !== '%') {
      text += char;
      continue;
    }
    if (template[i + 1] === '%') {
      text += '%';
      i++;
      continue;
    }
    if (template[i + 1] !== '(') {
      text += '%';
      continue;
    }
    const close = template.indexOf(')', i + 2);
    if (close < 0) throw new TemplateError('unclosed', 'A field is opened with "%(" and never closed with ")"');
    const inner = template.slice(i + 2, close);
    const spec = /^(\d{0,2})([sd])/.exec(template.slice(close + 1));
    const match = /^([a-z_]+)(?:>([^|]*))?(?:\|(.*))?$/s.exec(inner);
    const name = match?.[1] ?? inner;
    if (!match || !isField(name)) throw new TemplateError('unknown_field', `Unknown field "${name}"`, name);
    if (!spec) throw new TemplateError('bad_conversion', `The field ${name} must end with "s" (text) or "d" (number), as in %(${name})s`, name);
    const format = match[2];
    if (format !== undefined) {
      if (!DATE_FIELDS.has(name)) throw new TemplateError('date_format_on_text', `Only upload_date takes a date format, not ${name}`, name);
      checkDateFormat(format, name);
    }
    if (text) tokens.push({ kind: 'text', text });
    text = '';
    tokens.push({ kind: 'field', name, format, fallback: match[3], conversion: spec[2] as 's' | 'd', width: Number(spec[1] || 0) });
    i = close + spec[0].length;
  }
  if (text) tokens.push({ kind: 'text', text });
  checkFolders(tokens);
  return tokens;
}

/** Folders come from the template's own "/" only: never absolute, never "..", never empty, at most TEMPLATE_MAX_DEPTH. */
function checkFolders(tokens: Token[]): void {
  const literal = tokens.map((token) => (token.kind === 'text' ? token.text : '\u0000')).join('');
  if (literal.startsWith('/') || literal.includes('\\')) throw new TemplateError('absolute', 'The template must name a path inside the library: no leading "/" nor "\\"');
  const parts = literal.split('/');
  if (parts.length > TEMPLATE_MAX_DEPTH) throw new TemplateError('too_deep', `At most ${TEMPLATE_MAX_DEPTH - 1} folders`);
  for (const part of parts) {
    if (part.trim() === '.' || part.trim() === '..') throw new TemplateError('parent_folder', 'A folder may not be "." or ".."');
    if (part.trim() === '') throw new TemplateError('empty_folder', 'A folder name is empty (two "/" in a row, or "/" at the end)');
  }
}

/** A message for any template text: null when it is valid. */
export function templateProblem(template: string): TemplateError | null {
  try {
    parseTemplate(template);
    return null;
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Parts of a YYYYMMDD (or YYYY-MM-DD) date, or undefined. */
function dateParts(value: string): { y: number; m: number; d: number } | undefined {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 ? { y, m, d } : undefined;
}

function formatDate(value: string, format: string): string | undefined {
  const parts = dateParts(value);
  if (!parts) return undefined;
  const dayOfYear = Math.round((Date.UTC(parts.y, parts.m - 1, parts.d) - Date.UTC(parts.y, 0, 0)) / 86_400_000);
  return format.replace(/%([Yymdj%])/g, (_, token: string) => ({
    Y: pad(parts.y, 4), y: pad(parts.y % 100, 2), m: pad(parts.m, 2), d: pad(parts.d, 2), j: pad(dayOfYear, 3), '%': '%',
  })[token]!);
}

/** A field's value as text: its date format or padding applied; undefined when it has none. */
function fieldText(token: Extract<Token, { kind: 'field' }>, values: TemplateValues): string | undefined {
  const raw = values[token.name];
  if (raw === undefined || raw === null || String(raw).trim() === '') return undefined;
  const text = String(raw);
  if (token.format !== undefined) return formatDate(text, token.format);
  if (token.conversion === 'd') {
    const number = Number(text);
    return Number.isFinite(number) ? pad(Math.trunc(number), token.width) : undefined;
  }
  return text;
}

/** Slashes, backslashes and line breaks inside a value never make folders. */
const flatten = (value: string) => value.replace(/[/\\]/g, '_').replace(/[\r\n\t]+/g, ' ');

/**
 * The template filled in: the path's components in order (not yet made safe for file systems — see safe-name.ts).
 * Throws a TemplateError for an invalid template.
 */
export function renderTemplate(template: string, values: TemplateValues): string[] {
  const tokens = parseTemplate(template);
  let out = '';
  for (const token of tokens) {
    if (token.kind === 'text') out += token.text;
    else out += flatten(fieldText(token, values) ?? token.fallback ?? 'NA');
  }
  return out.split('/');
}

/** The user's template unless they set none; the follow's own overrides both. */
export const DEFAULT_TEMPLATE = '%(creator|Unknown)s/%(upload_date>%Y-%m-%d)s %(title)s [%(id)s].%(ext)s';

/** Values that show what a template makes, for the live preview. */
export const SAMPLE_VALUES: TemplateValues = {
  creator: 'Jane Doe', channel_id: 'UC1234567890', title: 'My trip: part 1/2', id: 'dQw4w9WgXcQ',
  upload_date: '20260314', upload_year: '2026', upload_month: '03', upload_day: '14', platform: 'youtube',
  playlist: 'Travel', playlist_index: 3, quality: '1080p', ext: 'mp4',
};
