import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { PLATFORMS } from '@/lib/media/types';
import { facebookCases } from './facebook.cases';
import { genericCases } from './generic.cases';
import { PLATFORM_DEFINITIONS, recogniseUrl } from './index';
import { instagramCases } from './instagram.cases';
import { tiktokCases } from './tiktok.cases';
import { twitterCases } from './twitter.cases';
import type { UrlCase } from './url-case';
import { youtubeCases } from './youtube.cases';

const TABLES: Record<string, UrlCase[]> = {
  youtube: youtubeCases,
  tiktok: tiktokCases,
  instagram: instagramCases,
  facebook: facebookCases,
  twitter: twitterCases,
  generic: genericCases,
};

function thrownBy(input: string): unknown {
  try {
    recogniseUrl(input);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe.each(Object.entries(TABLES))('recogniseUrl: %s cases', (_name, cases) => {
  it.each(cases.map((row) => [row.url, row.expect] as const))('%s', (url, expected) => {
    if (expected === null || expected === 'unsupported_url') {
      const error = thrownBy(url);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(expected ?? 'invalid_url');
      return;
    }
    expect(recogniseUrl(url)).toEqual(expected);
  });
});

describe('recogniseUrl', () => {
  const recognised = Object.values(TABLES)
    .flat()
    .flatMap((row) => (row.expect && row.expect !== 'unsupported_url' ? [row.expect] : []));

  it('has the cases the brief asks for', () => {
    expect(Object.values(TABLES).flat().length).toBeGreaterThanOrEqual(150);
  });

  // A canonical URL is what later stages (and history de-duplication) use, so it must recognise as itself.
  it.each(recognised.map((r) => [r.canonicalUrl, r] as const))('canonical %s is a fixed point', (url, expected) => {
    expect(recogniseUrl(url)).toEqual(expected);
  });

  it('says why an input is refused, with a user-facing message', () => {
    expect(thrownBy('javascript:alert(1)')).toMatchObject({ code: 'invalid_url', message: 'Please enter a valid URL', status: 422 });
    expect(thrownBy('https://www.youtube.com/feed')).toMatchObject({ code: 'unsupported_url', status: 422 });
  });
});

describe('PLATFORM_DEFINITIONS', () => {
  it('lists the named platforms in display order with unique slugs, labels and hex colours', () => {
    expect(PLATFORM_DEFINITIONS.map((d) => d.platform)).toEqual(['youtube', 'tiktok', 'instagram', 'facebook', 'twitter']);
    expect(PLATFORM_DEFINITIONS.every((d) => PLATFORMS.includes(d.platform))).toBe(true);
    expect(new Set(PLATFORM_DEFINITIONS.map((d) => d.slug)).size).toBe(PLATFORM_DEFINITIONS.length);
    expect(PLATFORM_DEFINITIONS.map((d) => d.label)).toContain('Twitter/X');
    for (const definition of PLATFORM_DEFINITIONS) expect(definition.color).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('gives every host to exactly one platform', () => {
    const hosts = PLATFORM_DEFINITIONS.flatMap((d) => d.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
  });

  it('leaves foreign hosts to the next platform instead of throwing', () => {
    const url = new URL('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(PLATFORM_DEFINITIONS.filter((d) => d.platform !== 'youtube').map((d) => d.recognise(url))).toEqual([null, null, null, null]);
  });
});
