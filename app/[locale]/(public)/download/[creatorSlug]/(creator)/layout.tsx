import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { isKnownCreator } from '@/lib/creators/service';

type Props = { children: ReactNode; params: Promise<{ creatorSlug: string }> };

/**
 * Decides "not found" before the loading skeleton streams: a page inside loading.tsx's Suspense would already
 * have sent 200. This check reads no network, so the skeleton still shows while the channel is read.
 */
export default async function CreatorLayout({ children, params }: Props) {
  if (!isKnownCreator(decodeURIComponent((await params).creatorSlug))) notFound();
  return children;
}
