'use client';

import { Film } from '@/components/ui/icons';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * A thumbnail (served by our own route) that degrades to a neutral tile when it is missing or fails to load.
 * `priority`: the picture is the page's largest content (a result's), fetched at once and ahead of other work;
 * the others wait until they come near the viewport.
 */
export function MediaThumbnail({ src, alt, className, priority }: { src?: string | null; alt: string; className?: string; priority?: boolean }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && failedSrc !== src;
  return (
    <div className={cn('relative overflow-hidden rounded-md bg-muted', className)}>
      {usable ? (
        // A plain img: the picture is already fetched, checked and cached by our thumbnail route.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={src}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? 'sync' : undefined}
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(src)}
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="flex h-full w-full items-center justify-center text-muted-foreground" data-testid="thumbnail-fallback">
          <Film className="h-10 w-10" aria-hidden />
          <span className="sr-only">{alt}</span>
        </div>
      )}
    </div>
  );
}
