import { afterEach, describe, expect, it, vi } from 'vitest';

import { clientAddress, requestIsHttps } from './client-address';

afterEach(() => vi.unstubAllEnvs());

const headers = (forwarded?: string, proto?: string) =>
  new Headers({ ...(forwarded ? { 'x-forwarded-for': forwarded } : {}), ...(proto ? { 'x-forwarded-proto': proto } : {}) });

describe('clientAddress', () => {
  it('believes no header without a trusted proxy', () => {
    expect(clientAddress(headers('203.0.113.9'))).toBe('local');
    expect(requestIsHttps(new URL('http://x/'), headers(undefined, 'https'))).toBe(false);
    // Next turns a caller's own X-Forwarded-Proto into the URL's scheme: that is no https either.
    expect(requestIsHttps(new URL('https://x/'), headers(undefined, 'https'))).toBe(false);
    expect(requestIsHttps(new URL('https://x/'), headers())).toBe(true);
  });

  it('behind one proxy takes the address it appended, never what the caller wrote', () => {
    vi.stubEnv('TRUST_PROXY', '1');
    expect(clientAddress(headers('203.0.113.9'))).toBe('203.0.113.9');
    // nginx's $proxy_add_x_forwarded_for appends the real peer to whatever the caller sent.
    expect(clientAddress(headers('1.1.1.1, 2.2.2.2, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(headers('6.6.6.6, 203.0.113.9'))).toBe(clientAddress(headers('7.7.7.7, 203.0.113.9')));
    expect(clientAddress(headers())).toBe('local');
    expect(requestIsHttps(new URL('http://x/'), headers(undefined, 'http, https'))).toBe(true);
  });

  it('behind n proxies takes the n-th from the right', () => {
    vi.stubEnv('TRUST_PROXY', '1');
    vi.stubEnv('TRUST_PROXY_HOPS', '2');
    expect(clientAddress(headers('9.9.9.9, 203.0.113.9, 10.0.0.2'))).toBe('203.0.113.9');
    expect(clientAddress(headers('203.0.113.9'))).toBe('203.0.113.9');
  });
});
