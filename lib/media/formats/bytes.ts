import { AppError } from '@/lib/errors';

/** `length` bytes from `start` as Latin-1 text: a magic number or a four-character code. */
export const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
export const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** A source's bytes that do not read as what they claim to be: the source's fault, `upstream_failed`. */
export const malformed = () => new AppError('upstream_failed', 'The media could not be read');

/** Media we will not decrypt (a key system's, or a scheme we do not read): refused rather than delivered undecodable. */
export const drmProtected = () => new AppError('drm_protected', 'This media is DRM-protected and cannot be downloaded');

/** Runs a parser over a source's bytes: a read past their end (RangeError) is `malformed`; any other error passes. */
export function parsingBytes<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RangeError) throw malformed();
    throw error;
  }
}

/**
 * Runs a parser over a source's bytes: a read past the end (RangeError) or any other slip on malformed input is
 * the source's fault — `upstream_failed`, never a 500.
 */
export function readingSourceBytes<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('upstream_failed', 'The media could not be read', { retryable: false });
  }
}
