import { History } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';

const SKELETON_CARDS = 6; // placeholder cards while the history loads

/** Six card-shaped skeletons while the list loads. */
export function HistorySkeletonGrid({ label }: { label: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={label} data-testid="history-loading">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <Card key={index} className="overflow-hidden">
          <Skeleton className="aspect-video rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-8 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** "No Downloads Found" with the hint that fits: loosen the filters, or go download something. */
export function HistoryEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-16 text-center" data-testid="history-empty">
      <span className="grid h-14 w-14 place-items-center rounded-full bg-muted text-muted-foreground">
        <History className="h-7 w-7" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>
    </Card>
  );
}
