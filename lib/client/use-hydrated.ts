'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders and while React hydrates what it sent, true from then on: controls rendered by
 * the server stay disabled until their handlers are attached, so an early press is never silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
