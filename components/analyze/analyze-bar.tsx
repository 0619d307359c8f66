'use client';

import { ClipboardPaste, Link2, Loader2, Search } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/lib/client/use-toast';
import { Button } from '@/components/ui/button';
import { PasteHint } from './paste-hint';
import { useClipboardPaste } from '@/lib/client/use-clipboard-paste';
import { useHydrated } from '@/lib/client/use-hydrated';

/**
 * The reusable analyse bar: a url input, paste and Analyze. Controlled, so a page can fill it (from
 * ?url= or a playlist entry) and the analysis state lives with whoever shows the result.
 */
export function AnalyzeBar({
  value,
  onValueChange,
  onAnalyze,
  busy = false,
}: {
  value: string;
  onValueChange: (value: string) => void;
  onAnalyze: (url: string) => void;
  busy?: boolean;
}) {
  const t = useTranslations('Analyze');
  const inputId = useId();
  const { paste, pastedIntoBox } = useClipboardPaste({ onPasted: onValueChange, onAnalyze, disabled: busy });
  // Paste has no meaning without its handler: disabled (and looking it) until the page is hydrated.
  const live = useHydrated();

  function submit() {
    if (busy) return;
    const url = value.trim();
    if (!url) {
      toast({ title: t('urlRequiredTitle'), description: t('urlRequiredBody'), variant: 'destructive' });
      return;
    }
    onAnalyze(url);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  // The browser skips implicit submission while Analyze is disabled, yet a blank Enter must still say why.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="w-full" aria-busy={busy}>
      <label htmlFor={inputId} className="sr-only">
        {t('label')}
      </label>
      <div className="flex flex-col gap-2 rounded-xl border bg-card p-2 shadow-sm focus-within:ring-2 focus-within:ring-ring sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-2 ps-2">
          <Link2 className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
          <input
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            dir="auto"
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={pastedIntoBox}
            // Read-only, not disabled, while analysing: a disabled field drops keyboard focus to <body> on Enter.
            readOnly={busy}
            aria-busy={busy || undefined}
            placeholder={t('placeholder')}
            data-testid="analyze-input"
            className="h-11 min-w-0 flex-1 bg-transparent text-base text-start outline-none placeholder:text-muted-foreground read-only:opacity-60"
          />
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="lg" onClick={() => void paste('button')} disabled={busy || !live} data-testid="analyze-paste" className="flex-1 sm:flex-none">
            <ClipboardPaste className="h-4 w-4" aria-hidden />
            {t('paste')}
          </Button>
          <Button type="submit" size="lg" disabled={busy || value.trim().length === 0} data-testid="analyze-submit" className="flex-1 sm:flex-none">
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Search className="h-4 w-4" aria-hidden />}
            {busy ? t('busy') : t('submit')}
          </Button>
        </div>
      </div>
      <PasteHint />
    </form>
  );
}
