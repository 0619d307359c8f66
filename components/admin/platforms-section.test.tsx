// @vitest-environment jsdom
import { NextIntlClientProvider } from 'next-intl';
import { act } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { PlatformsReport } from '@/lib/admin/platforms';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mountAsync } from '@/test/mount';
import { PlatformsSection } from './platforms-section';

const report = (ageDays: number): PlatformsReport => ({
  engine: { version: '2023.03.04', source: 'debian', ageDays, stale: ageDays > 60, staleAfterDays: 60, switchedAt: null, lastUpdate: null },
  update: { running: false, startedAt: null, finishedAt: null, exitCode: null, lines: [] },
  platforms: [
    { platform: 'youtube', breaker: { state: 'closed', until: null, lastCode: null }, canary: null },
    { platform: 'tiktok', breaker: { state: 'open', until: '2026-11-28T16:00:00.000Z', lastCode: 'bot_check' }, canary: null },
    { platform: 'instagram', breaker: { state: 'trial', until: null, lastCode: null }, canary: null },
  ],
});

async function render(locale: 'en' | 'ar', data: PlatformsReport) {
  const { host } = await mountAsync(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), fallback: { '/api/admin/platforms': data }, revalidateOnMount: false, refreshInterval: 0 }}>
        <PlatformsSection />
      </SWRConfig>
    </NextIntlClientProvider>,
  );
  await act(async () => {});
  return host;
}

describe('the platforms section', () => {
  it('warns above everything of an engine older than 60 days', async () => {
    const host = await render('en', report(1365));
    expect(host.querySelector('[data-testid="admin-engine-stale"]')?.textContent).toContain('1,365 days old');
    const fresh = await render('en', report(12));
    expect(fresh.querySelector('[data-testid="admin-engine-stale"]')).toBeNull();
  });

  it('says each platform’s state in plain words, never "Breaker: closed"', async () => {
    const host = await render('en', report(12));
    const rows = [...host.querySelectorAll('[data-testid="admin-platforms"] li')].map((li) => li.textContent);
    expect(rows[0]).toContain('Working normally');
    expect(rows[1]).toContain('Paused after repeated failures, until');
    expect(rows[2]).toContain('Trying again after a pause');
    expect(host.textContent).not.toMatch(/breaker|closed/i);
    const arabic = await render('ar', report(12));
    expect(arabic.querySelector('[data-testid="admin-platforms"] li')?.textContent).toContain('يعمل بشكل طبيعي');
  });
});
