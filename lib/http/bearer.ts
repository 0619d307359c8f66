/** The credential of `Authorization: Bearer <credential>` (one word, scheme in any case), or undefined. */
export function bearerToken(headers: Headers): string | undefined {
  return headers.get('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}
