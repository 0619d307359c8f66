'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notifySuccess } from '@/lib/client/notify';

export interface ShownOnce {
  /** The secret itself (a token, a webhook's signing secret, an invite link): the server never shows it again. */
  value: string;
  /** Says that it is shown this once only. */
  title: string;
  copyLabel: string;
  /** The notice after copying: its title and body. */
  copied: [string, string];
  /** On the whole notice; `valueTestId` on the secret alone. */
  testId?: string;
  valueTestId?: string;
}

interface ManageCardProps<T> {
  title: string;
  description: string;
  testId?: string;
  /** The content's spacing. */
  className?: string;
  /** The secret just made, shown above everything else until the page is left. */
  secret?: ShownOnce | null;
  /** The create form, or anything else said above the list. */
  children?: ReactNode;
  /** Undefined until the list has been read: `loading` shows meanwhile. */
  items: readonly T[] | undefined;
  /** One entry's keyed `<li>`. */
  item: (item: T) => ReactNode;
  empty?: string;
  loading?: ReactNode;
  listTestId?: string;
}

/**
 * A settings card for things the user makes and keeps (API tokens, webhooks, invites, cookies, presets): a secret
 * shown once with its Copy button (announced to screen readers, written left to right in every locale), the create
 * form, then the list — or a line saying it is empty.
 */
export function ManageCard<T>({ title, description, testId, className = 'space-y-6', secret, children, items, item, empty, loading = null, listTestId }: ManageCardProps<T>) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={className}>
        {secret && (
          <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-3" data-testid={secret.testId}>
            <p className="text-sm font-medium">{secret.title}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <code dir="ltr" className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1.5 text-start font-mono text-sm" data-testid={secret.valueTestId}>
                {secret.value}
              </code>
              <Button variant="outline" size="sm" onClick={() => void navigator.clipboard.writeText(secret.value).then(() => notifySuccess(...secret.copied))}>
                {secret.copyLabel}
              </Button>
            </div>
          </div>
        )}
        {children}
        {items === undefined ? (
          loading
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid={listTestId}>
            {items.map(item)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
