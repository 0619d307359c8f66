import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromPeer } from '@/test/peer';
import { callerOf, UNTOLD_ANONYMOUS } from './caller';

const hashed = (address: string) => `ip:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;

describe('callerOf: the stored key formats', () => {
  it('keys a signed-in account by its id, whatever its address', () => {
    const caller = callerOf(new Headers(fromPeer('198.51.100.4')), { id: 'usr_1', email: 'a@example.com' });
    expect(caller).toMatchObject({
      accountId: 'usr_1', address: '198.51.100.4', addressKey: hashed('198.51.100.4'),
      fairShareKey: 'user:usr_1', rateLimitKey: 'user:usr_1', activeSubject: 'user:usr_1',
    });
  });

  it('keys an anonymous caller by a hash of its address, never the address', () => {
    const caller = callerOf(new Headers(fromPeer('198.51.100.4')), null);
    expect(caller).toMatchObject({ accountId: null, fairShareKey: hashed('198.51.100.4'), rateLimitKey: hashed('198.51.100.4'), activeSubject: 'addr:198.51.100.4' });
  });

  it('runs anonymous work with no address as the untold anonymous owner', () => {
    const caller = callerOf(new Headers(), null);
    expect(caller).toMatchObject({ address: 'local', fairShareKey: UNTOLD_ANONYMOUS, rateLimitKey: hashed('local') });
  });
});
