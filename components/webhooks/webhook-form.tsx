'use client';

import { useTranslations } from 'next-intl';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, type WebhookEvent, type WebhookFormat } from '@/lib/webhooks/options';

export interface WebhookSpec {
  url: string;
  events: WebhookEvent[];
  format: WebhookFormat;
}

/** An event's text key: `download.finished` → `event.download_finished`. */
export const eventKey = (event: string) => `event.${event.replace('.', '_')}`;

/** The URL, the events it wants and the shape of its body. */
export function WebhookForm({ busy, onCreate }: { busy: boolean; onCreate: (spec: WebhookSpec) => void }) {
  const t = useTranslations('Webhooks');
  const [events, setEvents] = useState<WebhookEvent[]>(['download.finished']);
  const toggle = (event: WebhookEvent) =>
    setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));

  function submit(form: FormEvent<HTMLFormElement>) {
    form.preventDefault();
    const data = new FormData(form.currentTarget);
    onCreate({ url: String(data.get('url') ?? '').trim(), events, format: String(data.get('format')) as WebhookFormat });
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="webhook-form">
      <div className="space-y-2 sm:col-span-2">
        <Label htmlFor="webhook-url">{t('url')}</Label>
        <Input id="webhook-url" name="url" type="url" required maxLength={2000} placeholder={t('urlPlaceholder')} disabled={busy} dir="ltr" className="text-start" />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('events')}</legend>
        <div className="flex flex-col gap-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} disabled={busy} className="h-4 w-4" />
              {t(eventKey(event))}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-2">
        <Label htmlFor="webhook-format">{t('format')}</Label>
        <ChoiceSelect
          id="webhook-format"
          name="format"
          defaultValue="json"
          disabled={busy}
          choices={WEBHOOK_FORMATS.map((format) => ({ value: format, label: t(`formatOption.${format}`), testId: `webhook-format-${format}` }))}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy || events.length === 0} aria-busy={busy} data-testid="webhook-create">
          {busy ? t('adding') : t('add')}
        </Button>
      </div>
    </form>
  );
}
