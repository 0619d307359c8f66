// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { mount } from '@/test/mount';
import type { Credentials } from '@/lib/client/auth-request';
import { RegisterForm } from './register-form';

vi.mock('@/lib/i18n/navigation', () => ({ useRouter: () => ({ push: () => undefined, replace: () => undefined }) }));

let host: HTMLElement;

async function submitWith(props: Parameters<typeof RegisterForm>[0]): Promise<Credentials> {
  let sent: Credentials | undefined;
  const onSubmit = async (values: Credentials) => {
    sent = values;
  };
  ({ host } = mount(<NextIntlClientProvider locale="en" messages={en}><RegisterForm {...props} onSubmit={onSubmit} /></NextIntlClientProvider>));
  const set = (id: string, value: string) => {
    const input = host.querySelector<HTMLInputElement>(`#${id}`)!;
    input.value = value;
  };
  set('register-email', 'ada@example.com');
  set('register-password', 'correct horse battery');
  await act(async () => {
    host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  return sent!;
}

describe('the registration form', () => {
  it('sends email and password alone when registration is open', async () => {
    const sent = await submitWith({});
    expect(host.querySelector('#register-invite')).toBeNull();
    expect(host.querySelector('#register-setupToken')).toBeNull();
    expect(sent).toEqual({ email: 'ada@example.com', password: 'correct horse battery' });
  });

  it('asks for the invite, prefilled from the link, and sends it', async () => {
    const sent = await submitWith({ invite: { value: 'inv_from_the_link' } });
    expect(host.querySelector<HTMLInputElement>('#register-invite')!.required).toBe(true);
    expect(sent).toEqual({ email: 'ada@example.com', password: 'correct horse battery', invite: 'inv_from_the_link' });
  });

  it('carries the setup token instead of an invite', async () => {
    const sent = await submitWith({ invite: { value: 'inv_x' }, setupToken: 'the-setup-token' });
    expect(host.querySelector('#register-invite')).toBeNull();
    expect(sent).toEqual({ email: 'ada@example.com', password: 'correct horse battery', setupToken: 'the-setup-token' });
  });
});
