'use client';

import { Button } from '@/components/ui/button';
import { notifySuccess } from './notify';

interface ShownOnceProps {
  /** The secret itself (a token, a webhook's signing secret): the server never shows it again. */
  value: string;
  /** Says that it is shown this once only. */
  title: string;
  copyLabel: string;
  /** The notice after copying: its title and body. */
  copied: [string, string];
  testId: string;
}

/** A freshly made secret with a Copy button, announced to screen readers; written left to right in every locale. */
export function ShownOnce({ value, title, copyLabel, copied, testId }: ShownOnceProps) {
  return (
    <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-3" data-testid={testId}>
      <p className="text-sm font-medium">{title}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <code dir="ltr" className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1.5 text-start font-mono text-sm">{value}</code>
        <Button variant="outline" size="sm" onClick={() => void navigator.clipboard.writeText(value).then(() => notifySuccess(...copied))}>
          {copyLabel}
        </Button>
      </div>
    </div>
  );
}
