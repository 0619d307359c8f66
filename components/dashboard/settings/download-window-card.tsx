'use client';

import { useLocale, useNow, useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import type { UserWindow } from '@/lib/windows/schemas';
import { parseWindow } from '@/lib/windows/window-spec';
import { localTime } from '@/lib/client/local-time';

const PATH = '/api/settings/window';

/** The browser's own time zone: what a new window is read in unless the user names another. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Settings → Download window: the days and hours (in the user's time zone) when their background work may run,
 * checked as it is typed; the server's own window, and when background work next starts, on the visitor's clock.
 */
export function DownloadWindowCard() {
  const t = useTranslations('DownloadWindow');
  const locale = useLocale();
  const now = useNow({ updateInterval: 60_000 });
  const { data, mutate } = useSWR<UserWindow>(PATH, apiGet);
  const waits = data && new Date(data.nextStart).getTime() > now.getTime() + 60_000;
  return (
    <Card data-testid="download-window">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {/* Shown once the saved window is here (nothing typed before is lost), and keyed by it: the form starts
            from it again after every save. */}
        {data ? (
          <WindowForm key={`${data.window}|${data.timeZone}`} saved={data} onSaved={(next) => mutate(next, { revalidate: false })} />
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="download-window-loading">{t('loading')}</p>
        )}
        {data && (
          <div className="space-y-1 text-sm text-muted-foreground" data-testid="download-window-status">
            <p>{data.server.window ? t('server', { window: data.server.window, timeZone: data.server.timeZone }) : t('serverAny')}</p>
            <p>{waits ? t('nextAt', { time: localTime(data.nextStart, locale) ?? '' }) : t('nextNow')}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The window's text (checked as it is typed) and its time zone (the browser's until one is saved). */
function WindowForm({ saved, onSaved }: { saved: UserWindow; onSaved: (next: UserWindow) => Promise<unknown> }) {
  const t = useTranslations('DownloadWindow');
  const describe = useErrorText('settings');
  const [text, setText] = useState(saved.window);
  const [zone, setZone] = useState(() => saved.timeZone || browserZone());
  const [busy, setBusy] = useState(false);
  const parsed = useMemo(() => parseWindow(text), [text]);
  const zones = useMemo(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const next = await apiRequest<UserWindow>(PATH, { method: 'PUT', body: { window: text.trim(), timeZone: zone } });
      notifySuccess(t('title'), next.window ? t('saved') : t('removed'));
      await onSaved(next);
    } catch (error) {
      notifyError(t('title'), describe(error, t('failed')), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="space-y-3">
      <div className="grid gap-1.5">
        <Label htmlFor="download-window-text">{t('label')}</Label>
        <Input
          id="download-window-text" dir="ltr" value={text} maxLength={500} placeholder="Mon-Fri 01:00-06:00; Sat,Sun 00:00-24:00"
          aria-invalid={!parsed.ok} aria-describedby="download-window-help" data-testid="download-window-text"
          onChange={(event) => setText(event.target.value)}
        />
        <p id="download-window-help" className={parsed.ok ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'} dir="auto">
          {parsed.ok ? t('help') : t(`problems.${parsed.problem.code}`, { value: parsed.problem.value ?? '' })}
        </p>
      </div>
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor="download-window-zone">{t('timeZone')}</Label>
        <Input id="download-window-zone" dir="ltr" list="download-window-zones" value={zone} maxLength={64} data-testid="download-window-zone" onChange={(event) => setZone(event.target.value)} />
        <datalist id="download-window-zones">
          {zones.map((name) => <option key={name} value={name} />)}
        </datalist>
      </div>
      <Button type="submit" disabled={busy || !parsed.ok || zone.trim() === ''} data-testid="download-window-save">{t('save')}</Button>
    </form>
  );
}
