// Zod-free and server-free: the result card, the settings page and the schemas share these.

/** The loudness a file may be normalised to, by what it is for. */
export const LOUDNESS_TARGETS = ['streaming', 'podcast', 'broadcast'] as const;
export type LoudnessTarget = (typeof LOUDNESS_TARGETS)[number];

/** What a request, a preset or a setting may say: a target, or `off` (the sound as the source has it). */
export const LOUDNESS_CHOICES = ['off', ...LOUDNESS_TARGETS] as const;
export type LoudnessChoice = (typeof LOUDNESS_CHOICES)[number];

/** Integrated loudness of each target, in LUFS (EBU R128): streaming services, podcasts, broadcast. */
export const TARGET_LUFS: Record<LoudnessTarget, number> = { streaming: -14, podcast: -16, broadcast: -23 };

/** The highest true peak a normalised file may read, in dBTP. */
export const MAX_TRUE_PEAK = -1;

/** A choice as the target it asks for; `off` and nothing at all ask for none. */
export const loudnessTargetOf = (choice: LoudnessChoice | undefined): LoudnessTarget | undefined =>
  choice === undefined || choice === 'off' ? undefined : choice;
