'use client';

import dynamic from 'next/dynamic';

// The Bulk tab's content is fetched when the tab is first opened: a visitor who only pastes one link never loads it.
export const LazyBulkDownload = dynamic(() => import('@/components/bulk/bulk-download').then((m) => m.BulkDownload));
