// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { dismissToast, toast } from '@/lib/client/use-toast';
import { LazyToaster } from './lazy-toaster';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
const region = () => document.querySelector('[role=region]');

beforeEach(async () => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <NextIntlClientProvider locale="en" messages={en}>
        <LazyToaster />
      </NextIntlClientProvider>,
    ),
  );
});

afterEach(() => {
  act(() => dismissToast());
  act(() => root.unmount());
  host.remove();
});

it('mounts no toast area until a toast is raised, then shows that toast in it', async () => {
  expect(region()).toBeNull();
  await act(async () => {
    toast({ title: 'Analysis Complete!' });
  });
  await vi.waitFor(() => expect(region()?.textContent).toContain('Analysis Complete!'));
  expect(region()?.getAttribute('aria-label')).toMatch(/^Notifications/);
});
