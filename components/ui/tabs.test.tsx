// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { mount } from '@/test/mount';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

let host: HTMLElement;

function mountTabs(locale: 'en' | 'ar') {
  ({ host } = mount(
    <NextIntlClientProvider locale={locale} messages={{}}>
      <Tabs defaultValue="one">
        <TabsList>
          <TabsTrigger value="one">One</TabsTrigger>
          <TabsTrigger value="two">Two</TabsTrigger>
          <TabsTrigger value="three">Three</TabsTrigger>
        </TabsList>
        <TabsContent value="one">Panel one</TabsContent>
        <TabsContent value="two">Panel two</TabsContent>
        <TabsContent value="three">Panel three</TabsContent>
      </Tabs>
    </NextIntlClientProvider>,
  ));
}

const tabs = () => [...host.querySelectorAll<HTMLButtonElement>('[role=tab]')];
const panel = () => host.querySelector<HTMLElement>('[role=tabpanel]');
const key = (key: string) => act(() => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));

describe('Tabs', () => {
  it('names the selected tab and its panel for assistive technology, with one tab in the Tab order', () => {
    mountTabs('en');
    const [one, two] = tabs();
    expect(one.getAttribute('aria-selected')).toBe('true');
    expect(one.dataset.state).toBe('active');
    expect(two.getAttribute('aria-selected')).toBe('false');
    expect([one.tabIndex, two.tabIndex]).toEqual([0, -1]);
    expect(panel()?.textContent).toBe('Panel one');
    expect(panel()?.getAttribute('aria-labelledby')).toBe(one.id);
    expect(one.getAttribute('aria-controls')).toBe(panel()?.id);
    expect(host.querySelector('[role=tablist]')?.parentElement?.getAttribute('dir')).toBe('ltr');
  });

  it('selects a pressed tab and renders only its panel', () => {
    mountTabs('en');
    act(() => tabs()[1].dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
    expect(panel()?.textContent).toBe('Panel two');
    expect(host.querySelectorAll('[role=tabpanel]')).toHaveLength(1);
  });

  it('moves and selects with the arrow keys, Home and End, wrapping at the ends', () => {
    mountTabs('en');
    act(() => tabs()[0].focus());
    key('ArrowRight');
    expect(document.activeElement).toBe(tabs()[1]);
    expect(panel()?.textContent).toBe('Panel two');
    key('End');
    expect(panel()?.textContent).toBe('Panel three');
    key('ArrowRight');
    expect(panel()?.textContent).toBe('Panel one');
    key('ArrowLeft');
    expect(panel()?.textContent).toBe('Panel three');
    key('Home');
    expect(panel()?.textContent).toBe('Panel one');
  });

  it('follows the reading direction in Arabic: the left arrow goes forward', () => {
    mountTabs('ar');
    expect(host.querySelector('[role=tablist]')?.parentElement?.getAttribute('dir')).toBe('rtl');
    act(() => tabs()[0].focus());
    key('ArrowLeft');
    expect(panel()?.textContent).toBe('Panel two');
  });
});
