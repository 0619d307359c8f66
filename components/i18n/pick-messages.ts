import type { AbstractIntlMessages } from 'next-intl';

/**
 * The namespaces the browser's code reads, by where it runs. Every page renders per request and hands its client
 * islands their texts inside the page's HTML: each area passes only what its islands read, never the whole
 * catalogue (server components translate on the server and need none of it). A dotted path picks one key.
 */
export const CLIENT_NAMESPACES = {
  /** The root layout's islands: the header's language menu and mobile menu, the theme switch, the toasts. */
  shell: ['Header', 'Theme', 'Common'],
  /** The public pages' first view: the analyse bar, advertising, a landing page's outage line. */
  public: ['Analyze', 'Ads', 'Landing.outage', 'Landing.paused'],
  /**
   * What the public pages show once the visitor acts: the result card (with a signed-in user's presets, the Follow
   * button, download progress), the bulk list, error lines. /download, /bulk and creator pages carry it in the page;
   * the home and landing pages fetch it with the code that reads it (components/i18n/later-messages.tsx).
   */
  later: ['MediaResult', 'DownloadProgress', 'Bulk', 'Presets', 'Follows', 'Errors', 'ErrorsIn', 'PodcastFeed', 'Loudness', 'Chapters', 'Library.saveToLibrary'],
  /** The sign-in and registration forms, and the account cards (API tokens, an admin's invites) under components/auth. */
  auth: ['Login', 'Register', 'Tokens', 'Invites', 'Errors', 'ErrorsIn'],
  /** The signed-in dashboard's shell: its navigation, the bell and the titles of its notifications. */
  dashboard: ['DashboardNav', 'DashboardData.notifications'],
  /**
   * Each dashboard page's own islands, handed over by the page (its provider replaces the shell's below it):
   * the overview (figures, follows and new uploads), the history, the settings (presets, API tokens, platform
   * cookies, webhooks, the library), the API documentation.
   */
  overview: ['Dashboard', 'DashboardNav', 'Follows', 'PodcastFeed', 'Library', 'Errors', 'ErrorsIn'],
  history: ['History', 'DashboardData', 'Errors', 'ErrorsIn'],
  settings: ['Settings', 'DashboardData', 'Presets', 'Tokens', 'Webhooks', 'UserCookies', 'DownloadWindow', 'Library', 'Loudness', 'Chapters', 'Errors', 'ErrorsIn'],
  apiDocs: ['ApiDocs'],
  /** The admin console: the dashboard's texts and its own, handed to the admin's page only. */
  admin: ['Dashboard', 'DashboardNav', 'DashboardData', 'Tokens', 'Invites', 'Errors', 'ErrorsIn', 'Admin'],
} as const satisfies Record<string, readonly string[]>;

export type ClientArea = keyof typeof CLIENT_NAMESPACES;

/** The messages under the given paths (a namespace, or `Namespace.key`), with their nesting kept. */
export function pickMessages(messages: AbstractIntlMessages, paths: readonly string[]): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const path of paths) {
    const [namespace, key] = path.split('.', 2);
    const value = messages[namespace];
    if (value === undefined) continue;
    if (key === undefined || typeof value === 'string') {
      picked[namespace] = value;
      continue;
    }
    const inner = value[key];
    if (inner === undefined) continue;
    const kept = picked[namespace];
    picked[namespace] = { ...(typeof kept === 'object' ? kept : {}), [key]: inner };
  }
  return picked;
}
