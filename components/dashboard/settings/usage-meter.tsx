import { useFormatter } from 'next-intl';

/** "used / limit" with a bar that turns red past 90 % (limits: 100 a day, 1000 a month). */
export function UsageMeter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const format = useFormatter();
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {format.number(used)} / {format.number(limit)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={percent >= 90 ? 'h-full rounded-full bg-destructive' : 'h-full rounded-full bg-primary'}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
