// @vitest-environment jsdom
import { act, Suspense, useEffect } from 'react';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountAsync } from '@/test/mount';
import { LaterMessages, useLaterMessages, WithLaterMessages } from './later-messages';

let host: HTMLElement;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function First() {
  return <p data-id="first">{useTranslations('First')('hello')}</p>;
}
function Later() {
  return <p data-id="later">{useTranslations('Later')('shown')}</p>;
}
const held: { ensure?: () => Promise<void> } = {};
function Ensurer() {
  const { ensure } = useLaterMessages();
  useEffect(() => {
    held.ensure = ensure;
  });
  return null;
}

async function render(src: string | null, base: Record<string, Record<string, string>>) {
  ({ host } = await mountAsync(
    <NextIntlClientProvider locale="en" messages={base} onError={() => undefined}>
      <LaterMessages src={src}>
        <First />
        <Ensurer />
        <Suspense fallback={<p data-id="waiting">…</p>}>
          <WithLaterMessages>
            <Later />
          </WithLaterMessages>
        </Suspense>
      </LaterMessages>
    </NextIntlClientProvider>,
  ));
}
const text = (id: string) => host.querySelector(`[data-id="${id}"]`)?.textContent ?? null;
const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('texts fetched with the code that reads them', () => {
  it('the page shows its first texts at once; the later part waits for its texts, fetched once, then reads them', async () => {
    let release!: () => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (release = () => resolve(new Response(JSON.stringify({ Later: { shown: 'Here now' } }))))));
    await render('/messages/en.later.json?v=1', { First: { hello: 'Hello' } });
    expect(text('first')).toBe('Hello');
    expect(text('waiting')).toBe('…');
    expect(text('later')).toBeNull();
    await act(async () => {
      void held.ensure!();
      void held.ensure!();
      release();
    });
    expect(text('later')).toBe('Here now');
    expect(text('first')).toBe('Hello');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/messages/en.later.json?v=1');
  });

  it('a page that brought them renders everything at once and fetches nothing', async () => {
    await render(null, { First: { hello: 'Hello' }, Later: { shown: 'Already here' } });
    expect(text('later')).toBe('Already here');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('texts that cannot be fetched (tried twice) do not hold the part back: it shows, with keys for the missing words', async () => {
    fetchMock.mockImplementation(() => answer({ error: 'down' }, 503));
    await render('/messages/en.later.json?v=2', { First: { hello: 'Hello' } });
    await act(async () => {
      await held.ensure!();
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(text('waiting')).toBeNull();
    expect(text('later')).toBe('Later.shown');
  });
});
