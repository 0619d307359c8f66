import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPeer } from '@/test/peer';
import { originFor, siteUrl } from './site-url';

afterEach(() => vi.unstubAllEnvs());

describe('originFor', () => {
  it('answers with the request’s own origin when SITE_URL is unset', () => {
    vi.stubEnv('SITE_URL', '');
    expect(originFor(new Headers({ host: 'grab.example:8080' }))).toBe('http://grab.example:8080');
    expect(originFor(new Headers({ host: '[::1]:3107' }))).toBe('http://[::1]:3107');
    expect(originFor(new Headers({ host: 'grab.example' }), new URL('https://grab.example/api/openapi.json'))).toBe('https://grab.example');
  });

  it('believes X-Forwarded-Proto only from trusted proxies', () => {
    vi.stubEnv('SITE_URL', '');
    const headers = new Headers({ host: 'grab.example', 'x-forwarded-proto': 'https', ...fromPeer('127.0.0.1') });
    expect(originFor(headers)).toBe('http://grab.example');
    vi.stubEnv('TRUST_PROXY', '1');
    expect(originFor(headers)).toBe('https://grab.example');
    // A client reaching the port directly is no proxy of ours.
    expect(originFor(new Headers({ host: 'grab.example', 'x-forwarded-proto': 'https', ...fromPeer('198.51.100.4') }))).toBe('http://grab.example');
  });

  it('prefers SITE_URL, and refuses a Host that is not a host', () => {
    vi.stubEnv('SITE_URL', 'https://grabline.example');
    expect(originFor(new Headers({ host: 'other.example' }))).toBe('https://grabline.example');
    vi.stubEnv('SITE_URL', '');
    expect(originFor(new Headers({ host: 'evil.example/"><script>' }))).toBe(siteUrl());
    expect(originFor(new Headers())).toBe('http://localhost:3000');
  });
});
