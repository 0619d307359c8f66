'use client';

import { ArrowRight, ClipboardPaste, Link2 } from '@/components/ui/icons';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/lib/client/use-toast';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useRouter } from '@/lib/i18n/navigation';

export interface UrlEntryTexts {
  label: string;
  placeholder: string;
  paste: string;
  submit: string;
  pasteErrorTitle: string;
  pasteErrorBody: string;
  invalidTitle: string;
  invalidBody: string;
}

/**
 * The link box of the home hero and the landing pages. Only blankness is checked here: the download page
 * recognises the link, so a URL this box lets through still gets a proper error there.
 */
export function UrlEntryForm({
  texts,
  testIdPrefix,
  errorDisplay,
}: {
  texts: UrlEntryTexts;
  testIdPrefix: 'hero' | 'landing';
  /** Home shows the error under the box; landing pages raise a toast. */
  errorDisplay: 'inline' | 'toast';
}) {
  const router = useRouter();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const errorId = useId();
  const inputId = useId();

  function submit() {
    const trimmed = value.trim();
    if (!trimmed) {
      setInvalid(true);
      if (errorDisplay === 'toast') {
        toast({ title: texts.invalidTitle, description: texts.invalidBody, variant: 'destructive' });
      }
      inputRef.current?.focus();
      return;
    }
    router.push(`/download?url=${encodeURIComponent(trimmed)}`);
  }

  async function paste() {
    try {
      const text = await navigator.clipboard.readText();
      setValue(text);
      setInvalid(false);
      inputRef.current?.focus();
    } catch {
      toast({ title: texts.pasteErrorTitle, description: texts.pasteErrorBody, variant: 'destructive', duration: 3000 });
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  // Enter must also report an empty box; the browser's implicit submit skips a form whose button is disabled.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  const showInline = invalid && errorDisplay === 'inline';
  return (
    <form onSubmit={onSubmit} noValidate className="w-full">
      <label htmlFor={inputId} className="sr-only">
        {texts.label}
      </label>
      <div
        className={cn(
          'flex flex-col gap-2 rounded-xl border bg-card p-2 shadow-lg shadow-primary/5 sm:flex-row sm:items-center',
          'focus-within:ring-2 focus-within:ring-ring',
          invalid && 'border-destructive',
        )}
      >
        <div className="flex min-w-0 flex-1 items-center gap-2 ps-2">
          <Link2 className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
          <input
            ref={inputRef}
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            dir="auto"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (invalid) setInvalid(false);
            }}
            onKeyDown={onKeyDown}
            placeholder={texts.placeholder}
            aria-invalid={invalid}
            aria-describedby={showInline ? errorId : undefined}
            data-testid={`${testIdPrefix}-url-input`}
            className="h-11 min-w-0 flex-1 bg-transparent text-base text-start outline-none placeholder:text-muted-foreground focus-visible:outline-none"
          />
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="lg" onClick={paste} data-testid={`${testIdPrefix}-paste`} className="flex-1 sm:flex-none">
            <ClipboardPaste className="h-4 w-4" aria-hidden />
            {texts.paste}
          </Button>
          <Button type="submit" size="lg" disabled={value.trim().length === 0} data-testid={`${testIdPrefix}-submit`} className="flex-1 sm:flex-none">
            {texts.submit}
            <ArrowRight className="h-4 w-4 rtl:rotate-180" aria-hidden />
          </Button>
        </div>
      </div>
      {showInline ? (
        <p id={errorId} role="alert" data-testid={`${testIdPrefix}-error`} className="mt-2 text-sm font-medium text-destructive">
          {texts.invalidTitle}
          <span className="font-normal text-muted-foreground"> — {texts.invalidBody}</span>
        </p>
      ) : null}
    </form>
  );
}
