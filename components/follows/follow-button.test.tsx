// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { SIGNED_IN_HINT_COOKIE } from '@/lib/auth/signed-in-hint';
import { mount } from '@/test/mount';
import { FollowButton } from './follow-button';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@/lib/client/api-client', () => ({ apiGet: api.get, apiPost: vi.fn() }));
vi.mock('@/lib/i18n/navigation', () => ({ Link: (props: { href: string }) => <a {...props} /> }));

const CHANNEL = 'https://www.youtube.com/@somebody';
let host: HTMLElement;
let unmount: () => void;
beforeEach(() => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1`;
});
afterEach(() => {
  api.get.mockReset();
});

function render() {
  ({ host, unmount } = mount(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NextIntlClientProvider locale="en" messages={en}>
        <FollowButton url={CHANNEL} />
      </NextIntlClientProvider>
    </SWRConfig>,
  ));
  return () => host.querySelector<HTMLButtonElement>('[data-testid="follow-button"]')!;
}

describe('the Follow button of a signed-in user', () => {
  it('says it is checking (and cannot be pressed) until the follows are read, then Following for a followed link', async () => {
    let answer!: (list: unknown) => void;
    api.get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const button = render();
    expect(button().textContent).toBe('Checking…');
    expect(button().disabled).toBe(true);
    expect(button().dataset.state).toBe('loading');
    await act(async () => answer({ follows: [{ channelUrl: CHANNEL }] }));
    expect(button().textContent).toBe('Following');
    expect(button().getAttribute('aria-pressed')).toBe('true');
  });

  it('offers Follow for a link not followed, and when the list cannot be read', async () => {
    api.get.mockResolvedValueOnce({ follows: [{ channelUrl: 'https://example.com/other' }] });
    let button = render();
    await act(async () => undefined);
    expect(button().textContent).toBe('Follow');
    expect(button().disabled).toBe(false);
    unmount();
    api.get.mockRejectedValueOnce(new Error('offline'));
    button = render();
    await act(async () => undefined);
    expect(button().textContent).toBe('Follow');
  });
});
