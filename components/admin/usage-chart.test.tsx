// @vitest-environment jsdom
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { mount } from '@/test/mount';
import { BarChart, ColumnChart, type ChartRow } from './usage-chart';

let host: HTMLElement;

const TEXTS = {
  en: { title: 'Downloads by platform', done: 'Downloads', failed: 'Failures', heading: 'Platform', rows: [['YouTube', 6, 2], ['TikTok', 3, 0]] },
  ar: { title: 'التنزيلات حسب المنصة', done: 'التنزيلات', failed: 'الإخفاقات', heading: 'المنصة', rows: [['يوتيوب', 6, 2], ['تيك توك', 3, 0]] },
} as const;

function mountChart(locale: 'en' | 'ar', chart: 'bars' | 'columns') {
  const text = TEXTS[locale];
  const rows: ChartRow[] = text.rows.map(([label, done, failed]) => ({ label, done, failed }));
  const format = (n: number) => new Intl.NumberFormat(locale).format(n);
  const common = { title: text.title, rows, names: { done: text.done, failed: text.failed }, labelHeading: text.heading, dir: locale === 'ar' ? 'rtl' as const : 'ltr' as const, format };
  ({ host } = mount(
    <NextIntlClientProvider locale={locale} messages={{}}>
      {chart === 'bars' ? <BarChart {...common} /> : <ColumnChart {...common} first="first" last="last" />}
    </NextIntlClientProvider>,
  ));
}

/** The figure's accessible name, and the hidden table as screen readers get it. */
function readable() {
  const figure = host.querySelector('figure')!;
  const name = document.getElementById(figure.getAttribute('aria-labelledby')!)?.textContent;
  const table = host.querySelector('table')!;
  const cells = [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
  return { name, tableHidden: table.parentElement!.classList.contains('sr-only'), cells };
}

describe.each(['en', 'ar'] as const)('the usage charts in %s', (locale) => {
  const text = TEXTS[locale];
  const nums = (n: number) => new Intl.NumberFormat(locale).format(n);

  it('draws bars in SVG, hidden from screen readers, and gives them the title and a visually hidden table', () => {
    mountChart(locale, 'bars');
    const { name, tableHidden, cells } = readable();
    expect(name).toBe(text.title);
    expect(tableHidden).toBe(true);
    expect(cells).toEqual([
      [text.heading, text.done, text.failed],
      [text.rows[0][0], nums(6), nums(2)],
      [text.rows[1][0], nums(3), nums(0)],
    ]);
    // The drawn part is not read: only the caption and the table are.
    expect(host.querySelector('figure > div[aria-hidden="true"].space-y-1\\.5')).not.toBeNull();
    const first = host.querySelector(`svg[data-label="${text.rows[0][0]}"]`)!;
    const [track, done, failed] = [...first.querySelectorAll('rect')];
    expect(track.getAttribute('width')).toBe('100');
    // The largest row fills the track: 6 done then 2 failed of 8.
    expect(Number(done.getAttribute('width'))).toBeCloseTo(75);
    expect(Number(failed.getAttribute('width'))).toBeCloseTo(25);
    // Bars grow from the reading start: the left in English, the right in Arabic.
    expect(Number(done.getAttribute('x'))).toBeCloseTo(locale === 'ar' ? 25 : 0);
    expect(Number(failed.getAttribute('x'))).toBeCloseTo(locale === 'ar' ? 0 : 75);
    const second = host.querySelector(`svg[data-label="${text.rows[1][0]}"]`)!;
    expect([...second.querySelectorAll('rect')]).toHaveLength(2);
    expect(Number(second.querySelectorAll('rect')[1].getAttribute('width'))).toBeCloseTo(37.5);
  });

  it('draws columns oldest first from the reading start, the failed part stacked on the done part', () => {
    mountChart(locale, 'columns');
    const { name, cells } = readable();
    expect(name).toBe(text.title);
    expect(cells[1]).toEqual([text.rows[0][0], nums(6), nums(2)]);
    const svg = host.querySelector('svg[aria-hidden="true"][viewBox="0 0 20 100"]')!;
    const firstSlot = svg.querySelector(`g[data-label="${text.rows[0][0]}"]`)!;
    const [done, failed] = [...firstSlot.querySelectorAll('rect')];
    expect(Number(done.getAttribute('x'))).toBeCloseTo(locale === 'ar' ? 11.5 : 1.5);
    expect(Number(done.getAttribute('height'))).toBeCloseTo(72);
    expect(Number(failed.getAttribute('y')) + Number(failed.getAttribute('height'))).toBeCloseTo(Number(done.getAttribute('y')));
    expect(host.querySelector('figure')!.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThanOrEqual(3);
  });
});
