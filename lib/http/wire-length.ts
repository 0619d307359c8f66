import { OutgoingMessage } from 'node:http';

/**
 * Next's server copies a route handler's headers onto the Node response but drops Content-Length (it cannot
 * know the body was not re-encoded), so every download went out chunked: no size in the browser's download
 * list, no progress bar, no ETA. Handlers that know their exact byte count say so in this header as well, and
 * the Node response turns it back into Content-Length as it is set.
 */
export const WIRE_LENGTH_HEADER = 'x-grabline-content-length';

const PATCHED = Symbol.for('grabline.wireLength');

/** Installs the translation once per process (instrumentation.ts); safe to call again. */
export function restoreContentLength(proto: typeof OutgoingMessage.prototype = OutgoingMessage.prototype): void {
  const holder = proto as typeof proto & { [PATCHED]?: true };
  if (holder[PATCHED]) return;
  const setHeader = proto.setHeader;
  proto.setHeader = function (this: OutgoingMessage, name: string, value: number | string | readonly string[]) {
    if (name.toLowerCase() !== WIRE_LENGTH_HEADER) return setHeader.call(this, name, value);
    const length = Number(Array.isArray(value) ? value[0] : value);
    return Number.isSafeInteger(length) && length >= 0 ? setHeader.call(this, 'Content-Length', length) : this;
  } as typeof proto.setHeader;
  holder[PATCHED] = true;
}
