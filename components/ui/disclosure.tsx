import type { ReactNode } from 'react';
import { ChevronDown } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/**
 * The site's one disclosure: a native <details> (keyboard and screen-reader support, and it works before
 * hydration) whose summary reads like the FAQ's, its chevron turning when open instead of the browser's triangle.
 */
export function Disclosure({ summary, children, className, testId }: { summary: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <details className={cn('group rounded-md border', className)}>
      <summary
        className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 text-sm font-medium hover:bg-muted/50 [&::-webkit-details-marker]:hidden"
        data-testid={testId}
      >
        <span>{summary}</span>
        <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="px-3 pb-3">{children}</div>
    </details>
  );
}
