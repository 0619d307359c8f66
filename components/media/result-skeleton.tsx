import { Skeleton } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';

/** The result card's shape while the analysis runs, so the page does not jump when it lands. */
export function ResultSkeleton() {
  return (
    <Card className="grid gap-6 p-4 sm:grid-cols-[16rem_1fr] sm:p-6" aria-hidden>
      <Skeleton className="aspect-video w-full" />
      <div className="flex flex-col gap-3">
        <Skeleton className="h-6 w-4/5" />
        <div className="flex gap-3">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-14" />
          <Skeleton className="h-5 w-16" />
        </div>
        <Skeleton className="h-4 w-full" />
        <div className="mt-auto flex gap-2 pt-2">
          <Skeleton className="h-10 w-72" />
          <Skeleton className="h-12 w-32" />
        </div>
      </div>
    </Card>
  );
}
