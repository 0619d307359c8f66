import 'server-only';
import { analysisTtlMs } from '@/lib/media/analyze';
import { sameSecret, serverSignature } from '@/lib/http/server-secret';
import type { LoudnessTarget } from '@/lib/media/loudness/targets';
import type { CobaltTunnelQuery } from './schemas';

export const TUNNEL_PATH = '/api/cobalt/tunnel';

// A link without an owner (or a loudness) signs exactly what links made before those were signed did, so those stay
// valid; the loudness is signed by name, so it can never pass for an owner.
const signed = (q: Omit<CobaltTunnelQuery, 'sig'>) =>
  `${q.id}\n${q.itag}\n${q.ext ?? ''}\n${q.exp}${q.own ? `\n${q.own}` : ''}${q.loudness ? `\nloudness=${q.loudness}` : ''}`;

/**
 * A tunnel link: our download of one offer, signed by the server, valid while the analysis it names lives. cobalt's
 * clients fetch it as it is, without their key: the signature shows that a caller the API let in asked for it,
 * whatever ANON_ACCESS says, and names exactly one offer of one analysis — and the owner who asked (`own`), whose
 * day the file's bytes count against whoever fetches it; and the loudness its sound is normalised to, if any.
 */
export function tunnelUrl(
  origin: string, mediaId: string, itag: string, ext: string, owner?: string, loudness?: LoudnessTarget, now = Date.now(),
): string {
  const q = { id: mediaId, itag, ext, exp: Math.ceil((now + analysisTtlMs()) / 1000), ...(owner ? { own: owner } : {}), ...(loudness ? { loudness } : {}) };
  const sig = serverSignature('cobalt-tunnel', signed(q));
  return `${origin}${TUNNEL_PATH}?${new URLSearchParams({ ...q, exp: String(q.exp), sig })}`;
}

/** Whether a tunnel link is one the server signed and has not expired; constant time. */
export function validTunnel(q: CobaltTunnelQuery, now = Date.now()): boolean {
  if (q.exp * 1000 < now) return false;
  return sameSecret(q.sig, serverSignature('cobalt-tunnel', signed(q)));
}
