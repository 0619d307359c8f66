import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const load = (locale: string): Tree => JSON.parse(readFileSync(new URL(`./${locale}.json`, import.meta.url), 'utf8'));

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The ICU arguments a message uses ({name}, {count, plural, …}) — a translation must use the same ones. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]))].sort();
}

const en = flatten(load('en'));

describe.each(['ar', 'ar-EG', 'fr'])('messages/%s.json', (locale) => {
  const messages = flatten(load(locale));

  it('has exactly the keys of en.json', () => {
    expect([...messages.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !messages.has(k))).toEqual([]);
  });

  it('has no empty value', () => {
    expect([...messages].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('uses the same arguments as English in every message', () => {
    const mismatched = [...en]
      .filter(([key]) => messages.has(key))
      .filter(([key, value]) => argumentsOf(value).join() !== argumentsOf(messages.get(key)!).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});

describe('Egyptian Arabic', () => {
  it('is its own register, not a copy of Modern Standard Arabic', () => {
    const ar = flatten(load('ar'));
    const eg = flatten(load('ar-EG'));
    const same = [...eg].filter(([key, value]) => ar.get(key) === value && value.length > 12);
    // Brand names and short labels may coincide; whole sentences should not.
    expect(same.length / eg.size).toBeLessThan(0.2);
  });
});

describe('messages/en.json', () => {
  it('has no empty value', () => {
    expect([...en].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });
});
