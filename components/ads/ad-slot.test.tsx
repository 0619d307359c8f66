// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { markAdScriptLoaded } from '@/lib/ads/browser';
import { mount } from '@/test/mount';
import AdSlot from './ad-slot';

let host: HTMLElement;
const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));

function resize(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

const render = (placement: 'topBanner' | 'sideRail' | 'rectangle') =>
  ({ host } = mount(
    <NextIntlClientProvider locale="en" messages={en}>
      <AdSlot placement={placement} publisherId="ca-pub-1234567890123456" slotId="1234567890" />
    </NextIntlClientProvider>,
  ));

const unit = () => host.querySelector<HTMLElement>('aside[aria-label="Advertisement"] ins.adsbygoogle');
const reports = () => fetchMock.mock.calls.map((call) => JSON.parse((call as unknown as [string, RequestInit])[1].body as string).data);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  resize(1024);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an ad slot', () => {
  // One module instance per file: the first case sees the script not loaded, the rest after it loaded.
  it('renders nothing until the ad script has loaded, then its unit at its size, pushed and reported once', () => {
    render('topBanner');
    expect(host.innerHTML).toBe('');
    act(() => markAdScriptLoaded());
    const ins = unit()!;
    expect(ins.getAttribute('data-ad-client')).toBe('ca-pub-1234567890123456');
    expect(ins.getAttribute('data-ad-slot')).toBe('1234567890');
    expect([ins.style.width, ins.style.height]).toEqual(['728px', '90px']);
    expect((window as unknown as { adsbygoogle: object[] }).adsbygoogle).toEqual([{}]);
    expect(reports()).toEqual([expect.objectContaining({ type: 'rendered', placement: 'topBanner' })]);
    expect(reports()[0]).not.toHaveProperty('url');
    expect(reports()[0]).not.toHaveProperty('userAgent');
  });

  it('takes the phone size below 768 px', () => {
    render('topBanner');
    resize(767);
    expect([unit()!.style.width, unit()!.style.height]).toEqual(['320px', '100px']);
  });

  it('shows the side rail only from 1200 px up', () => {
    render('sideRail');
    expect(unit()).toBeNull();
    resize(1200);
    expect([unit()!.style.width, unit()!.style.height]).toEqual(['300px', '600px']);
    resize(1199);
    expect(unit()).toBeNull();
  });
});
