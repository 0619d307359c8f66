import { AppError } from '@/lib/errors';

/**
 * Rewrites `?` placeholders to PostgreSQL's `$1..$n`. Quoted text ('…', "…") and comments are copied as they
 * are, so a `?` there is left alone; still, keep such literals out of SQL and bind them as parameters.
 */
export function toPgPlaceholders(sql: string, paramCount: number): string {
  let out = '';
  let index = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    const skipTo = skipEnd(sql, i);
    if (skipTo > i) {
      out += sql.slice(i, skipTo);
      i = skipTo;
      continue;
    }
    if (ch === '?') {
      index += 1;
      out += `$${index}`;
    } else {
      out += ch;
    }
    i += 1;
  }
  if (index !== paramCount) {
    throw new AppError('internal', 'SQL placeholder count does not match parameters', {
      placeholders: index,
      params: paramCount,
    });
  }
  return out;
}

/** End of the quoted string or comment starting at `i`, or `i` when none starts there. */
function skipEnd(sql: string, i: number): number {
  const ch = sql[i];
  if (ch === "'" || ch === '"') {
    // A doubled quote is an escaped quote; scanning on past it finds the real end.
    const end = sql.indexOf(ch, i + 1);
    return end === -1 ? sql.length : end + 1;
  }
  if (ch === '-' && sql[i + 1] === '-') {
    const end = sql.indexOf('\n', i);
    return end === -1 ? sql.length : end + 1;
  }
  if (ch === '/' && sql[i + 1] === '*') {
    const end = sql.indexOf('*/', i + 2);
    return end === -1 ? sql.length : end + 2;
  }
  return i;
}
