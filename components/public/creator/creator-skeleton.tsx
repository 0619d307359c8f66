import { Skeleton } from '@/components/ui/badge';

/** The creator page while its channel is read: the same shapes as the loaded page, pulsing. */
export function CreatorSkeleton() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10" aria-busy="true" data-testid="creator-skeleton">
      <div className="flex flex-col items-center gap-6 rounded-xl border bg-card p-6 sm:flex-row sm:items-start">
        {/* Not <Skeleton>: its rounded-md would win over rounded-full (cn does not merge classes). */}
        <div aria-hidden className="h-28 w-28 shrink-0 animate-pulse rounded-full bg-muted" />
        <div className="flex w-full flex-1 flex-col items-center gap-3 sm:items-start">
          <Skeleton className="h-8 w-56" />
          <div className="flex gap-2">
            <Skeleton className="h-6 w-28 rounded-full" />
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="h-6 w-28 rounded-full" />
          </div>
          <Skeleton className="h-4 w-full max-w-xl" />
          <Skeleton className="h-4 w-2/3 max-w-md" />
          <div className="flex gap-3">
            <Skeleton className="h-10 w-44" />
            <Skeleton className="h-10 w-36" />
          </div>
        </div>
      </div>
      <Skeleton className="mt-10 mb-4 h-7 w-40" />
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-xl border bg-card">
            <div aria-hidden className="aspect-video w-full animate-pulse bg-muted" />
            <div className="grid gap-3 p-4">
              <Skeleton className="h-4 w-5/6" />
              <div className="flex gap-2">
                <Skeleton className="h-8 w-24" />
                <Skeleton className="h-8 w-24" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
