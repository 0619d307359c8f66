import { operation, type Paths } from './operation';

/** Each user's SponsorBlock choice: what a YouTube download does with SponsorBlock's segments unless it says otherwise. */
export function chapterPaths(): Paths {
  const tags = ['Settings'];
  const example = { mark: ['sponsor', 'selfpromo', 'interaction'], remove: [] };
  return {
    '/api/settings/sponsorblock': {
      get: operation({
        operationId: 'getSponsorBlockSettings', summary: 'Your SponsorBlock categories: marked as chapters, cut out',
        description: 'Never saved: the default (sponsor, selfpromo and interaction marked, nothing removed). A download (`sponsorMark`, `sponsorRemove`) may name its own lists; a list it leaves out is yours.',
        tags, auth: 'session', data: 'SponsorSettings', errors: [403], responseExample: example,
      }),
      put: operation({
        operationId: 'setSponsorBlockSettings', summary: 'Save your SponsorBlock categories (a category in both lists is removed)',
        description: 'Categories: sponsor, selfpromo, interaction, intro, outro, preview, music_offtopic, filler. An unknown one is 400 `invalid_request`.',
        tags, auth: 'session', body: 'SponsorSettings', data: 'SponsorSettings', errors: [400, 403],
        requestExample: { mark: ['sponsor'], remove: ['selfpromo', 'interaction'] },
      }),
    },
  };
}
