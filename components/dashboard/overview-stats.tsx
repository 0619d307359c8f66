'use client';

import { Activity, CalendarDays, CheckCircle2, Download, type IconComponent } from '@/components/ui/icons';
import { useFormatter, useTranslations } from 'next-intl';
import useSWR from 'swr';
import { Card } from '@/components/ui/card';
import { apiGet } from '@/lib/client/api-client';
import type { Overview } from '@/lib/history/schemas';

/** The overview's answer, flattened for the cards; a success rate not known yet is left out. */
export type OverviewFigures = Pick<Overview, 'downloadsThisWeek'> & { successRate: number } & Overview['apiUsage'];

const EMPTY = '—';

/** The overview's four figures; any that is not known yet shows a dash rather than a misleading zero. */
export function OverviewStats({ figures }: { figures?: Partial<OverviewFigures> }) {
  const t = useTranslations('Dashboard');
  const format = useFormatter();
  const num = (value?: number) => (value === undefined ? EMPTY : format.number(value));
  const ofLimit = (used?: number, limit?: number) =>
    used === undefined ? EMPTY : limit === undefined ? num(used) : t('ofLimit', { used, limit });

  const cards: { label: string; value: string; hint: string; icon: IconComponent }[] = [
    { label: t('downloadsThisWeek'), value: num(figures?.downloadsThisWeek), hint: t('downloadsThisWeekHint'), icon: Download },
    {
      label: t('successRate'),
      value: figures?.successRate === undefined ? EMPTY : format.number(figures.successRate / 100, { style: 'percent', maximumFractionDigits: 1 }),
      hint: t('successRateHint'),
      icon: CheckCircle2,
    },
    { label: t('apiToday'), value: ofLimit(figures?.requestsToday, figures?.dailyLimit), hint: t('apiTodayHint'), icon: Activity },
    { label: t('apiMonth'), value: ofLimit(figures?.requestsThisMonth, figures?.monthlyLimit), hint: t('apiMonthHint'), icon: CalendarDays },
  ];

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ label, value, hint, icon: Icon }) => (
        <Card key={label} className="p-5">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-muted-foreground">{label}</p>
            <span className="grid h-8 w-8 place-items-center rounded-md bg-primary/10 text-primary">
              <Icon className="h-4 w-4" aria-hidden />
            </span>
          </div>
          <p className="mt-3 text-2xl font-bold tabular-nums">
            {value}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
        </Card>
      ))}
    </div>
  );
}

/** The overview's figures from /api/dashboard/overview; until they arrive (or if they fail) each card shows a dash. */
export function OverviewData() {
  const { data } = useSWR<Overview>('/api/dashboard/overview', apiGet);
  return (
    <OverviewStats
      figures={
        data && {
          downloadsThisWeek: data.downloadsThisWeek,
          successRate: data.successRate ?? undefined,
          ...data.apiUsage,
        }
      }
    />
  );
}
