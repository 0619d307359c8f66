'use client';

import { lazy, Suspense } from 'react';
import { WithLaterMessages } from '@/components/i18n/later-messages';

// The Bulk tab's content is fetched when the tab is first opened, with its texts: a visitor who only pastes one link
// never loads either. React's lazy rather than next/dynamic: the latter's loader adds about 2 KB gzipped to the page.
const BulkDownload = lazy(() => import('@/components/bulk/bulk-download').then((m) => ({ default: m.BulkDownload })));

export function LazyBulkDownload() {
  return (
    <Suspense fallback={null}>
      <WithLaterMessages>
        <BulkDownload />
      </WithLaterMessages>
    </Suspense>
  );
}
