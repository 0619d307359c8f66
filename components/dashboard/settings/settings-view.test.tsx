// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { mount } from '@/test/mount';
import { DEFAULT_SETTINGS } from './settings-types';
import { SettingsView } from './settings-view';

const sections = {
  preferences: <section data-testid="presets">presets</section>,
  api: <section data-testid="tokens">tokens</section>,
  privacy: <section data-testid="invites">invites</section>,
};

function mountView(initialTab?: 'preferences' | 'api' | 'privacy') {
  return mount(
    <NextIntlClientProvider locale="en" messages={en}>
      <SettingsView settings={DEFAULT_SETTINGS} initialTab={initialTab} sections={sections} />
    </NextIntlClientProvider>,
  ).host;
}

const shown = (host: HTMLElement) => ['presets', 'tokens', 'invites'].filter((id) => host.querySelector(`[data-testid=${id}]`));
const press = (el: Element) => act(() => el.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));

afterEach(() => window.history.replaceState(null, '', '/dashboard/settings'));

describe('SettingsView tabs', () => {
  it('shows each section under its own tab only', () => {
    const host = mountView();
    expect(shown(host)).toEqual(['presets']);
    expect(host.querySelector('[data-testid=settings-quality]')).not.toBeNull();
    press(host.querySelector('[data-testid=settings-tab-api]')!);
    expect(shown(host)).toEqual(['tokens']);
    expect(host.querySelector('[data-testid=settings-quality]')).toBeNull();
    press(host.querySelector('[data-testid=settings-tab-privacy]')!);
    expect(shown(host)).toEqual(['invites']);
    expect(host.querySelector('[data-testid=settings-export]')).not.toBeNull();
  });

  it('opens the tab a deep link names', () => {
    const host = mountView('api');
    expect(host.querySelector('[data-testid=settings-tab-api]')?.getAttribute('aria-selected')).toBe('true');
    expect(shown(host)).toEqual(['tokens']);
  });

  it('names the chosen tab in the URL, and back/forward select the tab the URL names', () => {
    window.history.replaceState(null, '', '/dashboard/settings');
    const host = mountView();
    press(host.querySelector('[data-testid=settings-tab-api]')!);
    expect(window.location.search).toBe('?tab=api');
    press(host.querySelector('[data-testid=settings-tab-privacy]')!);
    expect(window.location.search).toBe('?tab=privacy');
    press(host.querySelector('[data-testid=settings-tab-preferences]')!);
    expect(window.location.search).toBe('');

    // What the browser does on Back: the URL changes, then popstate.
    act(() => {
      window.history.replaceState(null, '', '/dashboard/settings?tab=privacy');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(shown(host)).toEqual(['invites']);
    act(() => {
      window.history.replaceState(null, '', '/dashboard/settings');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(shown(host)).toEqual(['presets']);
  });
});
