import 'server-only';
import type { Envelope } from './envelope';
import type { WebhookFormat } from './schemas';

/** What one delivery sends: the body and the headers its format needs (the signing headers are added on top). */
export interface RenderedRequest {
  body: string;
  headers: Record<string, string>;
}

interface Summary {
  title: string;
  text: string;
  tags: string[];
  link?: string;
  /** Discord's embed colour. */
  color: number;
}

const GREEN = 0x2e9d5b;
const RED = 0xd14343;
const BLUE = 0x3b82f6;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The event in a sentence, for the ready-made shapes. Titles stay ASCII: they travel in HTTP headers for ntfy. */
function summarise(envelope: Envelope, siteUrl?: string): Summary {
  const { data } = envelope;
  const dashboard = siteUrl ? `${siteUrl}/dashboard` : undefined;
  switch (envelope.event) {
    case 'download.finished': {
      const ready = data.status === 'ready';
      const what = [str(data.title) || str(data.url), [str(data.quality), str(data.format).toUpperCase()].filter(Boolean).join(' ')].filter(Boolean).join(' — ');
      return {
        title: ready ? 'Download ready' : 'Download failed',
        text: ready || !data.error ? what : `${what}\n${str(data.error)}`,
        tags: [ready ? 'white_check_mark' : 'x', 'grabline'],
        link: dashboard && `${dashboard}/history`,
        color: ready ? GREEN : RED,
      };
    }
    case 'batch.finished':
      return {
        title: 'Bulk download complete',
        text: `${Number(data.ready)} of ${Number(data.total)} files ready`,
        tags: ['package', 'grabline'],
        link: siteUrl && `${siteUrl}/bulk`,
        color: Number(data.ready) === Number(data.total) ? GREEN : RED,
      };
    case 'follow.new': {
      const uploads = (data.uploads as { title: string; url: string }[]) ?? [];
      return {
        title: `New uploads from a creator you follow (${uploads.length})`,
        text: [str(data.creator), ...uploads.slice(0, 10).map((upload) => `• ${upload.title}`)].join('\n'),
        tags: ['bell', 'grabline'],
        link: uploads.length === 1 ? uploads[0].url : dashboard,
        color: BLUE,
      };
    }
    default:
      return { title: 'Grabline test delivery', text: str(data.message), tags: ['test_tube', 'grabline'], link: dashboard, color: BLUE };
  }
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * `json`: the envelope itself. `ntfy`: a text message POSTed to the topic URL, its title, tags and link in ntfy's
 * `Title`, `Tags` and `Click` headers. `discord`: `{content, embeds}` as Discord's webhook API takes it, with
 * mentions switched off (a title saying @everyone pings no one).
 */
export function renderRequest(envelope: Envelope, format: WebhookFormat, siteUrl?: string): RenderedRequest {
  if (format === 'json') return { body: JSON.stringify(envelope), headers: { 'content-type': 'application/json' } };
  const summary = summarise(envelope, siteUrl);
  if (format === 'ntfy') {
    const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', title: summary.title, tags: summary.tags.join(',') };
    if (summary.link) headers.click = summary.link;
    return { body: clip(summary.text || summary.title, 4000), headers };
  }
  const embed = {
    title: clip(summary.title, 256),
    description: clip(summary.text, 4096),
    ...(summary.link ? { url: summary.link } : {}),
    color: summary.color,
    timestamp: envelope.time,
    footer: { text: `Grabline · ${envelope.event}` },
  };
  const body = { content: clip(summary.title, 2000), embeds: [embed], allowed_mentions: { parse: [] } };
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}
