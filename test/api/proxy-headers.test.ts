import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import proxy from '@/proxy';
import { fromPeer } from '@/test/peer';

// next-intl's middleware does not load under Node's ESM resolver; this stand-in does what it does with the
// request: hands every request header on to the page (next-intl adds its locale header the same way).
vi.mock('next-intl/middleware', async () => {
  const { NextResponse } = await import('next/server');
  return { default: () => (req: NextRequest) => NextResponse.next({ request: { headers: new Headers(req.headers) } }) };
});

afterEach(() => vi.unstubAllEnvs());

const policyOf = (res: Response) => res.headers.get('content-security-policy') ?? '';
const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

describe('proxy.ts: the per-request security headers', () => {
  it('gives a page a fresh nonce, on the response policy and forwarded to the page as x-nonce and its CSP', async () => {
    const first = await proxy(new NextRequest('http://localhost/download'));
    const second = await proxy(new NextRequest('http://localhost/download'));
    const nonce = nonceOf(policyOf(first));
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(policyOf(second)));
    // What Next hands on to the page as request headers.
    expect(first.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policyOf(first));
    expect(first.headers.get('strict-transport-security')).toBeNull();
  });

  it('a page reached through the dashboard guard still carries the policy', async () => {
    const res = await proxy(new NextRequest('http://localhost/dashboard'));
    expect(res.status).toBe(307);
    expect(nonceOf(policyOf(res))).toBeTruthy();
  });

  it('answers the ad telemetry endpoint as data, before the locale routing: deny-all policy, no nonce', async () => {
    const res = await proxy(new NextRequest('http://localhost/_telemetry', { method: 'POST' }));
    expect(policyOf(res)).toMatch(/^default-src 'none'/);
    expect(res.headers.get('x-middleware-request-x-nonce')).toBeNull();
  });

  it('admits the ad host in a page policy only while ads are configured', async () => {
    vi.stubEnv('ADS_SCRIPT_URL', 'https://ads.example/tag.js');
    expect(policyOf(await proxy(new NextRequest('http://localhost/')))).not.toContain('ads.example');
    vi.stubEnv('ADS_PUBLISHER_ID', 'ca-pub-1234567890123456');
    const policy = policyOf(await proxy(new NextRequest('http://localhost/')));
    expect(policy).toContain("script-src 'self' 'nonce-");
    expect(policy).toMatch(/script-src [^;]*https:\/\/ads\.example/);
    expect(policy).toContain('frame-src https://ads.example');
  });

  it('gives an API answer the deny-all policy and no nonce', async () => {
    const res = await proxy(new NextRequest('http://localhost/api/health'));
    expect(policyOf(res)).toMatch(/^default-src 'none'/);
    expect(res.headers.get('x-middleware-request-x-nonce')).toBeNull();
  });

  it('sends HSTS (and upgrades insecure requests) only when a trusted proxy says https', async () => {
    const viaProxy = { ...fromPeer('127.0.0.1'), 'x-forwarded-proto': 'https' };
    const forged = await proxy(new NextRequest('https://localhost/', { headers: viaProxy }));
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    vi.stubEnv('TRUST_PROXY', '1');
    for (const path of ['/', '/api/health']) {
      const res = await proxy(new NextRequest(`http://localhost${path}`, { headers: viaProxy }));
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
    }
    expect(policyOf(await proxy(new NextRequest('http://localhost/', { headers: viaProxy })))).toContain('upgrade-insecure-requests');
    const plain = await proxy(new NextRequest('http://localhost/', { headers: { ...viaProxy, 'x-forwarded-proto': 'http' } }));
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // A client that reaches the port directly is no proxy of ours, whatever it says.
    const direct = await proxy(new NextRequest('http://localhost/', { headers: { ...viaProxy, ...fromPeer('198.51.100.4') } }));
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });
});
