'use client';

import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/lib/client/use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toast area, fetched and mounted with the first toast a page raises (most visits raise none) and kept from
 * then on; the toasts wait in their store meanwhile, so none is lost.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [wanted, setWanted] = useState(false);
  if (!wanted && toasts.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
