// Zod-free and import-free: the settings, the engine, the API and the browser's code all read it.

/** The platforms the engine names, in the order the UI shows them (`twitter` is X). */
export const NAMED_PLATFORMS = ['youtube', 'tiktok', 'instagram', 'facebook', 'twitter'] as const;
export type NamedPlatform = (typeof NAMED_PLATFORMS)[number];
/** Every platform a link can belong to: a named one, or `generic` for any other site. */
export const PLATFORMS = [...NAMED_PLATFORMS, 'generic'] as const;
export type Platform = (typeof PLATFORMS)[number];
