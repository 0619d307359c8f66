'use client';

import { useState, type FormEvent } from 'react';
import { useErrorText } from '@/lib/client/error-text';
import { toast } from '@/lib/client/use-toast';
import type { Credentials } from './auth-request';

/**
 * The busy flag and toasts both account forms share. `submit` resolves on success and throws on refusal;
 * an empty error message means "use the form's fallback text".
 */
export function useCredentialsSubmit(opts: {
  submit: (values: Credentials) => Promise<void>;
  success: { title: string; description: string };
  failure: { title: string; fallback: string };
  onSuccess: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const describe = useErrorText('auth');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const values: Credentials = { email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') };
    // Fields only some forms carry are sent only when the form has them.
    for (const name of ['invite', 'setupToken'] as const) {
      const value = data.get(name);
      if (typeof value === 'string' && value.trim()) values[name] = value.trim();
    }
    setBusy(true);
    try {
      await opts.submit(values);
      toast({ title: opts.success.title, description: opts.success.description });
      opts.onSuccess();
    } catch (error) {
      toast({ title: opts.failure.title, description: describe(error, opts.failure.fallback), variant: 'destructive' });
      setBusy(false);
    }
    // On success the button stays busy until the next page replaces this one.
  }

  return { busy, handleSubmit };
}
