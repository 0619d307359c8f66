// @vitest-environment jsdom
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '@/test/mount';
import { HomeHero } from './home-hero';
import { HomeTools } from './home-tools';

// Server components rendered as the page does, with their texts as keys.
vi.mock('next-intl/server', () => ({ getTranslations: async () => (key: string) => key }));
vi.mock('@/components/analyze/analyze-workspace', () => ({
  AnalyzeWorkspace: () => (
    <form>
      <input data-testid="analyze-input" />
      <button type="submit" data-testid="analyze-submit">Analyze</button>
    </form>
  ),
}));
vi.mock('./lazy-bulk', () => ({ LazyBulkDownload: () => null }));

describe('the home page', () => {
  it('has one link box: the analyser in place, none in the hero, no link to /download', async () => {
    const [hero, tools] = await Promise.all([HomeHero(), HomeTools()]);
    const { host } = mount(
      <NextIntlClientProvider locale="en" messages={{}}>
        {hero}
        {tools}
      </NextIntlClientProvider>,
    );
    expect(host.querySelectorAll('input')).toHaveLength(1);
    expect(host.querySelectorAll('form')).toHaveLength(1);
    expect(host.querySelector('[data-testid=hero-url-input]')).toBeNull();
    expect(host.querySelector('section[aria-labelledby=hero-title] input, section[aria-labelledby=hero-title] form')).toBeNull();
    expect(host.querySelector('#home-tools [data-testid=analyze-input]')).not.toBeNull();
    expect(host.querySelector('a[href*="/download"]')).toBeNull();
  });
});
