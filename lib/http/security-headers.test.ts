import { describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY, newNonce, pageContentSecurityPolicy, securityHeaders, STRICT_TRANSPORT_SECURITY } from './security-headers';

const directive = (policy: string, name: string) =>
  policy.split(';').map((part) => part.trim().split(/\s+/)).find(([first]) => first === name)?.slice(1);

describe('security headers', () => {
  it('a nonce is 128 random bits, never the same twice', () => {
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('a page runs only scripts with its nonce or loaded by one: no inline, no eval, framed by no one', () => {
    const policy = pageContentSecurityPolicy({ nonce: 'abc123' });
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    // Remote pictures come through our own thumbnail route: no image host is ever needed.
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directive(policy, 'upgrade-insecure-requests')).toBeUndefined();
    expect(directive(pageContentSecurityPolicy({ nonce: 'n', https: true }), 'upgrade-insecure-requests')).toEqual([]);
  });

  it('admits the ad network only when it is handed in (ads configured); without it, no frame at all', () => {
    const plain = pageContentSecurityPolicy({ nonce: 'n' });
    expect(directive(plain, 'frame-src')).toEqual(["'none'"]);
    const ads = { script: ['https://ads.example'], connect: ['https://ads.example'], frame: ['https://ads.example', 'https://frames.example'] };
    const policy = pageContentSecurityPolicy({ nonce: 'n', ads });
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", 'https://ads.example']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://ads.example']);
    expect(directive(policy, 'frame-src')).toEqual(['https://ads.example', 'https://frames.example']);
  });

  it('the development server alone may eval and open its hot-reload socket', () => {
    const policy = pageContentSecurityPolicy({ nonce: 'n', development: true });
    expect(directive(policy, 'script-src')).toContain("'unsafe-eval'");
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
  });

  it('HSTS rides only on an https answer; an API answer allows nothing', () => {
    expect(securityHeaders(API_CONTENT_SECURITY_POLICY, false)).toEqual({ 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY });
    expect(securityHeaders('x', true)['Strict-Transport-Security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(directive(API_CONTENT_SECURITY_POLICY, 'default-src')).toEqual(["'none'"]);
  });
});
