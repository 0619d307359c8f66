import { createHmac } from 'node:crypto';

/** The signature header's name; `Grabline-Event` and `Grabline-Delivery` ride beside it. */
export const SIGNATURE_HEADER = 'Grabline-Signature';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: the timestamp is signed with the body, so a
 * receiver that refuses old timestamps (we suggest 5 minutes) also refuses a captured delivery replayed later.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}
