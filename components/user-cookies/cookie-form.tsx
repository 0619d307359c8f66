'use client';

import { useTranslations } from 'next-intl';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import type { UserCookiePlatform } from '@/lib/user-cookies/platforms';

/**
 * A cookies.txt pasted or read from a chosen file (in the browser: the file is sent as text, like a paste). The
 * field is cleared once saved, so the cookies never stay on the page.
 */
export function CookieForm({ platform, domains, onSave, onCancel }: {
  platform: UserCookiePlatform;
  domains: string;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useTranslations('UserCookies');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const field = `cookies-${platform}-text`;

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
    event.target.value = '';
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await onSave(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" data-testid={`cookies-${platform}-form`}>
      <div className="space-y-2">
        <Label htmlFor={field}>{t('pasteLabel')}</Label>
        <Textarea
          id={field}
          value={text}
          onChange={(event) => setText(event.target.value)}
          dir="ltr"
          spellCheck={false}
          autoComplete="off"
          className="min-h-24 text-start font-mono text-xs"
          disabled={busy}
        />
        <p className="text-xs text-muted-foreground">{t('hint', { domains })}</p>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${field}-file`}>{t('fileLabel')}</Label>
        <input
          id={`${field}-file`}
          type="file"
          accept=".txt,text/plain"
          onChange={(event) => void pick(event)}
          disabled={busy}
          className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy || !text.trim()} aria-busy={busy} data-testid={`cookies-${platform}-save`}>
          {busy ? t('saving') : t('save')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
