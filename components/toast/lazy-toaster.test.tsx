// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { dismissToast, toast } from '@/lib/client/use-toast';
import { mountAsync } from '@/test/mount';
import { LazyToaster } from './lazy-toaster';

const region = () => document.querySelector('[role=region]');

beforeEach(async () => {
  await mountAsync(
    <NextIntlClientProvider locale="en" messages={en}>
      <LazyToaster />
    </NextIntlClientProvider>,
  );
});

afterEach(() => {
  act(() => dismissToast());
});

it('mounts no toast area until a toast is raised, then shows that toast in it', async () => {
  expect(region()).toBeNull();
  await act(async () => {
    toast({ title: 'Analysis Complete!' });
  });
  await vi.waitFor(() => expect(region()?.textContent).toContain('Analysis Complete!'));
  expect(region()?.getAttribute('aria-label')).toMatch(/^Notifications/);
});
