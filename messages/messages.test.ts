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

/**
 * Names that keep their capitals inside a sentence-case label: brands, platforms and their features, and the words
 * of a control the text points at (a button's own name).
 */
const PROPER = /^(Grabline\S*|YouTube|TikTok|Facebook|Instagram|Twitter\S*|X|Shorts?|Reels?|Android|Windows|Mac|WebM|Netscape|Debian|Jellyfin|Kodi|Plex|NFO|Discord|Telegram|WhatsApp|iMessage|Bearer|Authorization|Ctrl\S*|Shift\S*|Enter|Unix|Range|Watch|Share|Copy|Download|Settings|Follow|SSO|API|ZIP|JSON|HTTP\S*|URL|SDKs?|MP[34]|H\.264|OIDC|PostgreSQL|SQLite|Redis|I)$/;

/** The capitalised words after the first in a short label (no full stop): "Sign In" → ["In"]. */
function titleCaseWords(value: string): string[] {
  const text = value.replace(/\{[^{}]*\}/g, ' ').replace(/<\/?\w+>/g, ' ').replace(/(?<![“"])[“"][^“”"]*[”"]/g, ' ');
  if (/\.(\s|$)/.test(text)) return [];
  return text
    .split(/[!?:;—–·()/]\s*/)
    .flatMap((part) => part.trim().split(/\s+/).slice(1))
    .map((word) => word.replace(/(?<![,’'])[,’']+$/, ''))
    .filter((word) => /^[A-Z][a-z]/.test(word) && !PROPER.test(word));
}

describe('sentence case and typography', () => {
  it('the test itself tells Title Case from sentence case', () => {
    expect(titleCaseWords('Sign In')).toEqual(['In']);
    expect(titleCaseWords('Clear All History')).toEqual(['All', 'History']);
    expect(titleCaseWords('Sign in')).toEqual([]);
    expect(titleCaseWords('Open YouTube Shorts')).toEqual([]);
  });

  it('English labels are in sentence case: only the first word and names are capitalised', () => {
    const titled = [...en].filter(([, value]) => titleCaseWords(value).length > 0).map(([key, value]) => `${key}: ${value}`);
    expect(titled).toEqual([]);
  });

  it('French uses the typographic apostrophe (’), never the straight one', () => {
    const straight = [...flatten(load('fr'))].filter(([, value]) => value.includes("'")).map(([key]) => key);
    expect(straight).toEqual([]);
  });
});
