import { afterEach, describe, expect, it, vi } from 'vitest';
import { corsHeaders, preflight } from './cors';
import { fastestMs } from '@/test/timing';

afterEach(() => vi.unstubAllEnvs());

describe('corsHeaders', () => {
  it('allows a listed origin, with or without trailing slashes, and no other', () => {
    vi.stubEnv('API_CORS_ORIGINS', 'https://tools.example');
    expect(corsHeaders('https://tools.example')?.['Access-Control-Allow-Origin']).toBe('https://tools.example');
    expect(corsHeaders('https://tools.example//')?.['Access-Control-Allow-Origin']).toBe('https://tools.example//');
    expect(corsHeaders('https://other.example')).toEqual({ Vary: 'Origin' });
    expect(corsHeaders('https://tools.example/x')).toEqual({ Vary: 'Origin' });
    expect(corsHeaders(null)).toEqual({ Vary: 'Origin' });
  });

  it('reads an Origin of 15 000 slashes in linear time and refuses it', () => {
    vi.stubEnv('API_CORS_ORIGINS', 'https://tools.example');
    const origin = `https://a${'/'.repeat(15_000)}b`;
    expect(fastestMs(() => corsHeaders(origin))).toBeLessThan(20);
    expect(corsHeaders(origin)).toEqual({ Vary: 'Origin' });
    expect(fastestMs(() => preflight(new Request('https://grabline.example/api/x', { method: 'OPTIONS', headers: { origin } })))).toBeLessThan(20);
  });

  it('refuses an overlong Origin even when it ends in a listed one', () => {
    vi.stubEnv('API_CORS_ORIGINS', 'https://tools.example');
    expect(corsHeaders(`https://tools.example${'/'.repeat(100_000)}`)).toEqual({ Vary: 'Origin' });
  });
});
