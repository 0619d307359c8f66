'use client';

import dynamic from 'next/dynamic';
import { Suspense } from 'react';
import { WithLaterMessages } from '@/components/i18n/later-messages';

// The Bulk tab's content is fetched when the tab is first opened, with its texts: a visitor who only pastes one link
// never loads either.
const BulkDownload = dynamic(() => import('@/components/bulk/bulk-download').then((m) => m.BulkDownload));

export function LazyBulkDownload() {
  return (
    <Suspense fallback={null}>
      <WithLaterMessages>
        <BulkDownload />
      </WithLaterMessages>
    </Suspense>
  );
}
