// @vitest-environment jsdom
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '@/lib/webhooks/signature';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mount } from '@/test/mount';
import { WEBHOOK_SIGNATURE_SNIPPET } from './webhook-signature-snippet';
import { WebhookSignatures } from './webhook-signatures';

/** Runs the page's snippet with node, as a reader would after copying it, and answers what it says of each case. */
function runSnippet(cases: { secret: string; header: string; body: string }[]): boolean[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'grabline-snippet-'));
  try {
    writeFileSync(path.join(dir, 'verify.mjs'), WEBHOOK_SIGNATURE_SNIPPET);
    writeFileSync(path.join(dir, 'run.mjs'), `import { verifyGrablineSignature } from './verify.mjs';
const cases = JSON.parse(process.env.CASES);
console.log(JSON.stringify(cases.map((c) => verifyGrablineSignature(c.secret, c.header, c.body))));`);
    return JSON.parse(execFileSync(process.execPath, [path.join(dir, 'run.mjs')], { env: { ...process.env, CASES: JSON.stringify(cases) } }).toString());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the API page’s webhook signature section', () => {
  it('its Node snippet accepts a genuine delivery and refuses a tampered body, another secret and a 6-minute-old timestamp', () => {
    const secret = 'whsec_snippet-test-secret';
    const body = JSON.stringify({ event: 'download.finished', id: 'dlv_1', time: new Date().toISOString(), data: { title: 'تجربة' } });
    const now = Date.now() / 1000;
    expect(runSnippet([
      { secret, header: signatureHeader(secret, body, now), body },
      { secret, header: signatureHeader(secret, body, now), body: body.replace('dlv_1', 'dlv_2') },
      { secret: 'whsec_other', header: signatureHeader(secret, body, now), body },
      { secret, header: signatureHeader(secret, body, now - 360), body },
      { secret, header: signatureHeader(secret, body, now - 240), body },
      { secret, header: 't=abc,v1=zz', body },
    ])).toEqual([true, false, false, false, true, false]);
  });

  it.each([
    ['en', en, 'Verifying webhook signatures', 'v1 the hex HMAC-SHA256'],
    ['ar', ar, 'التحقق من توقيعات خطافات الويب', 'بسرّ الخطاف'],
  ] as const)('renders in %s, the code left-to-right', (locale, messages, title, described) => {
    const { host } = mount(
      <NextIntlClientProvider locale={locale} messages={messages}>
        <div dir={locale === 'ar' ? 'rtl' : 'ltr'}><WebhookSignatures /></div>
      </NextIntlClientProvider>,
    );
    expect(host.textContent).toContain(title);
    expect(host.textContent).toContain(described);
    expect(host.textContent).toContain(messages.ApiDocs.webhookSignatures.steps.replace(/<\/?code>/g, ''));
    expect(host.querySelector('p code')?.getAttribute('dir')).toBe('ltr');
    const blocks = [...host.querySelectorAll('pre')];
    expect(blocks.map((pre) => pre.getAttribute('dir'))).toEqual(['ltr', 'ltr']);
    expect(blocks[1].textContent).toBe(WEBHOOK_SIGNATURE_SNIPPET);
    expect(host.textContent).toContain('Grabline-Signature');
  });
});
