/**
 * The API page's Node.js example of checking a webhook delivery: ES module, no dependencies. A test runs it with
 * node against a real signed delivery, so what readers copy is known to work.
 */
export const WEBHOOK_SIGNATURE_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

const TOLERANCE_SECONDS = 5 * 60;

// header: the Grabline-Signature header; rawBody: the body exactly as received, before any parsing.
export function verifyGrablineSignature(secret, header, rawBody, nowMs = Date.now()) {
  const parts = Object.fromEntries(String(header ?? '').split(',').map((part) => part.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  // A delivery signed more than 5 minutes away from now is refused: a captured one cannot be replayed.
  if (Math.abs(nowMs / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return timingSafeEqual(Buffer.from(parts.v1, 'hex'), expected);
}

// A receiver: 204 for a genuine delivery, 401 for anything else.
export function startReceiver(secret, port = 8080) {
  return http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      if (!verifyGrablineSignature(secret, req.headers['grabline-signature'], rawBody)) return res.writeHead(401).end();
      console.log(req.headers['grabline-event'], req.headers['grabline-delivery'], rawBody);
      res.writeHead(204).end();
    });
  }).listen(port);
}
`;
