import { describe, expect, it } from 'vitest';
import { newId } from './ids';
import { toPgPlaceholders } from './placeholders';

describe('toPgPlaceholders', () => {
  it('numbers each ? in order, past nine', () => {
    const sql = Array.from({ length: 12 }, () => '?').join(',');
    expect(toPgPlaceholders(`VALUES (${sql})`, 12)).toBe(`VALUES (${Array.from({ length: 12 }, (_, i) => `$${i + 1}`).join(',')})`);
  });

  it('leaves ? in quoted strings, quoted names and comments alone', () => {
    const sql = `SELECT 'it''s?', "odd?col" FROM t -- why?\nWHERE a = ? /* b = ? */ AND c = ?`;
    expect(toPgPlaceholders(sql, 2)).toBe(`SELECT 'it''s?', "odd?col" FROM t -- why?\nWHERE a = $1 /* b = ? */ AND c = $2`);
  });

  it('refuses a count that does not match the parameters', () => {
    expect(() => toPgPlaceholders('SELECT ?', 2)).toThrow(/placeholder count/);
  });
});

describe('newId', () => {
  it('is url-safe, prefixed when asked, and does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId('job')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^job_[A-Za-z0-9_-]{22}$/);
    expect(newId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
