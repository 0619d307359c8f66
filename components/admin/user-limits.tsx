'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { ApiError, apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { useLocale } from 'next-intl';
import { bytesText } from './format';

/** GET/PUT /api/admin/users/{id}/limits: null is the instance's default; GET adds what the user fetched today. */
interface UserLimitsData {
  concurrentJobs: number | null;
  dailyBytes: number | null;
  usedBytesToday?: number;
}

const MB = 1_000_000;
const whole = /^\d+$/;

/** A field's text: empty for the default, else a whole number of 1 or more (MB for the daily bytes). */
const parse = (text: string, unit: number): number | null | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!whole.test(trimmed) || Number(trimmed) < 1) return undefined;
  return Number(trimmed) * unit;
};

/** The per-user limits editor: jobs at once and megabytes a day, each empty for the instance default. */
export function UserLimits({ userId, email }: { userId: string; email: string }) {
  const t = useTranslations('Admin.limits');
  const tAdmin = useTranslations('Admin');
  const path = `/api/admin/users/${encodeURIComponent(userId)}/limits`;
  const { data, error, mutate } = useSWR<UserLimitsData>(path, apiGet);
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return <p className="rounded-md bg-muted p-3 text-sm" data-testid="admin-limits-unavailable">{missing ? t('unavailable') : tAdmin('loadFailed')}</p>;
  }
  if (!data) return <p className="text-sm text-muted-foreground" role="status">{tAdmin('loading')}</p>;
  // A fresh form for each answer, so the fields start from what the server holds.
  return <LimitsForm key={JSON.stringify(data)} path={path} email={email} data={data} onSaved={() => void mutate()} />;
}

function LimitsForm({ path, email, data, onSaved }: { path: string; email: string; data: UserLimitsData; onSaved: () => void }) {
  const t = useTranslations('Admin.limits');
  const tAdmin = useTranslations('Admin');
  const locale = useLocale();
  const describe = useErrorText();
  const id = useId();
  const [jobs, setJobs] = useState(data.concurrentJobs === null ? '' : String(data.concurrentJobs));
  const [megabytes, setMegabytes] = useState(data.dailyBytes === null ? '' : String(Math.round(data.dailyBytes / MB)));
  const [invalid, setInvalid] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const concurrentJobs = parse(jobs, 1);
    const dailyBytes = parse(megabytes, MB);
    if (concurrentJobs === undefined || dailyBytes === undefined) return setInvalid(true);
    setInvalid(false);
    try {
      await apiRequest(path, { method: 'PUT', body: { concurrentJobs, dailyBytes } });
      notifySuccess(tAdmin('done'), t('saved', { email }));
      onSaved();
    } catch (cause) {
      notifyError(tAdmin('error'), describe(cause, tAdmin('failed')), cause);
    }
  }
  return (
    <form onSubmit={save} className="space-y-3 rounded-md bg-muted/50 p-3" aria-label={t('title', { email })} data-testid="admin-limits">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-jobs`}>{t('concurrentJobs')}</Label>
          <Input id={`${id}-jobs`} inputMode="numeric" value={jobs} placeholder={t('default')} onChange={(e) => setJobs(e.target.value)} aria-invalid={invalid} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-bytes`}>{t('dailyMegabytes')}</Label>
          <Input id={`${id}-bytes`} inputMode="numeric" value={megabytes} placeholder={t('default')} onChange={(e) => setMegabytes(e.target.value)} aria-invalid={invalid} />
        </div>
      </div>
      {invalid && <p role="alert" className="text-sm text-destructive">{t('invalid')}</p>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {data.usedBytesToday !== undefined && (
          <span className="text-sm text-muted-foreground">{t('usedToday', { size: bytesText(locale, data.usedBytesToday) })}</span>
        )}
        <Button type="submit" size="sm">{t('save')}</Button>
      </div>
    </form>
  );
}
