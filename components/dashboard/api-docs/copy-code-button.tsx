'use client';

import { Check, Copy } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from '@/lib/client/use-toast';
import { Button } from '@/components/ui/button';

/** Copies a code sample and confirms with a toast and a brief tick on the button. */
export function CopyCodeButton({ code }: { code: string }) {
  const t = useTranslations('ApiDocs');
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast({ title: t('copiedTitle'), description: t('copied') });
    } catch {
      toast({ title: t('copyFailedTitle'), description: t('copyFailed'), variant: 'destructive' });
    }
  }

  return (
    <Button variant="ghost" size="sm" onClick={copy} className="text-slate-300 hover:bg-white/10 hover:text-white" data-testid="copy-code">
      {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      {t('copy')}
    </Button>
  );
}
