import { z } from 'zod';
import {
  issuedTokenSchema, loginSchema, refreshSchema, registeredSchema, registerSchema, sessionSchema, tokenInfoSchema, userSchema,
} from '@/lib/auth/credentials';
import { cobaltErrorSchema, cobaltInstanceSchema, cobaltRequestSchema, cobaltResponseSchema } from '@/lib/cobalt/schemas';
import { createTokenSchema, issuedNamedTokenSchema, namedTokenSchema } from '@/lib/auth/token-scopes';
import { bulkBatchSchema, bulkRequestSchema, bulkStartedSchema } from '@/lib/bulk/schemas';
import { clearedSchema, historyEntrySchema, historyListSchema, overviewSchema, redownloadSchema, seenSchema } from '@/lib/history/schemas';
import {
  dismissedSchema, followCheckedSchema, followDownloadSchema, followListSchema, followPatchSchema, followRequestSchema, followSchema,
  followUploadListSchema, unfollowedSchema,
} from '@/lib/follows/schemas';
import { failureSchema } from '@/lib/http/failure';
import { librarySettingsPatchSchema, libraryStatusSchema } from '@/lib/library/schemas';
import { feedCreatedSchema, feedPatchSchema, feedStatusSchema } from '@/lib/podcast/schemas';
import { userWindowPatchSchema, userWindowSchema } from '@/lib/windows/schemas';
import { downloadJobRequestSchema, downloadProgressSchema, downloadStartedSchema } from '@/lib/downloads/download-job-schemas';
import { analyzeRequestSchema, formatSchema, mediaInfoSchema } from '@/lib/media/schemas';
import { markedReadSchema, notificationListSchema, notificationSchema } from '@/lib/notifications/schemas';
import { documentedWithPreset } from '@/lib/presets/apply';
import { presetCreateSchema, presetPatchSchema, presetSchema } from '@/lib/presets/schemas';
import { downloadDefaultsSchema, settingsPatchSchema, userSettingsSchema } from '@/lib/settings/schemas';
import { addCookiesSchema, cookieSummaryListSchema, cookieSummarySchema } from '@/lib/user-cookies/schemas';
import { WEBHOOK_REQUESTS, WEBHOOK_RESPONSES } from '@/lib/webhooks/schemas';
import { sponsorSettingsSchema } from '@/lib/settings/sponsorblock-schemas';

type JsonObject = Record<string, unknown>;

/** Request bodies are documented as clients send them (defaults optional), answers as the server writes them. */
const REQUESTS = {
  AnalyzeRequest: analyzeRequestSchema,
  DownloadRequest: documentedWithPreset(downloadJobRequestSchema),
  BulkRequest: documentedWithPreset(bulkRequestSchema),
  RegisterRequest: registerSchema,
  LoginRequest: loginSchema,
  RefreshRequest: refreshSchema,
  SettingsPatch: settingsPatchSchema,
  CobaltRequest: cobaltRequestSchema,
  CreateTokenRequest: createTokenSchema,
  AddCookiesRequest: addCookiesSchema,
  PresetCreateRequest: presetCreateSchema,
  PresetPatchRequest: presetPatchSchema,
  FollowRequest: followRequestSchema,
  FollowPatch: followPatchSchema,
  LibrarySettingsPatch: librarySettingsPatchSchema,
  FeedPatch: feedPatchSchema,
  UserWindowPatch: userWindowPatchSchema,
  SponsorSettings: sponsorSettingsSchema,
  ...WEBHOOK_REQUESTS,
} as const;

const RESPONSES = {
  Error: failureSchema,
  Format: formatSchema,
  MediaInfo: mediaInfoSchema,
  DownloadStarted: downloadStartedSchema,
  DownloadProgress: downloadProgressSchema,
  BulkBatch: bulkBatchSchema,
  BulkStarted: bulkStartedSchema,
  User: userSchema,
  Registered: registeredSchema,
  Session: sessionSchema,
  IssuedToken: issuedTokenSchema,
  TokenInfo: tokenInfoSchema,
  NamedToken: namedTokenSchema,
  NamedTokenList: z.array(namedTokenSchema),
  IssuedNamedToken: issuedNamedTokenSchema,
  HistoryEntry: historyEntrySchema,
  HistoryList: historyListSchema,
  Redownload: redownloadSchema,
  Seen: seenSchema,
  Cleared: clearedSchema,
  Overview: overviewSchema,
  UserSettings: userSettingsSchema,
  DownloadDefaults: downloadDefaultsSchema,
  Notification: notificationSchema,
  NotificationList: notificationListSchema,
  MarkedRead: markedReadSchema,
  Follow: followSchema,
  FollowList: followListSchema,
  FollowUploadList: followUploadListSchema,
  FollowChecked: followCheckedSchema,
  FollowDownload: followDownloadSchema,
  Unfollowed: unfollowedSchema,
  Dismissed: dismissedSchema,
  LibraryStatus: libraryStatusSchema,
  FeedStatus: feedStatusSchema,
  FeedCreated: feedCreatedSchema,
  UserWindow: userWindowSchema,
  CobaltResponse: cobaltResponseSchema,
  CobaltError: cobaltErrorSchema,
  CobaltInstance: cobaltInstanceSchema,
  CookieSummary: cookieSummarySchema,
  CookieSummaryList: cookieSummaryListSchema,
  Preset: presetSchema,
  PresetList: z.array(presetSchema),
  ...WEBHOOK_RESPONSES,
} as const;

export type SchemaName = keyof typeof REQUESTS | keyof typeof RESPONSES;

/** Each set through one registry, so a schema used inside another becomes a $ref instead of a copy. */
function convert(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, { io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` });
  // Components are embedded, not standalone documents: their $schema and $id would only confuse tools.
  return Object.fromEntries(
    Object.entries(out).map(([id, schema]) => [
      id,
      Object.fromEntries(Object.entries(schema as JsonObject).filter(([key]) => key !== '$schema' && key !== '$id')),
    ]),
  );
}

export function componentSchemas(): Record<string, JsonObject> {
  return { ...convert(RESPONSES, 'output'), ...convert(REQUESTS, 'input') };
}

const header = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** The RateLimit-* headers every media API answer carries, 429s included. */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

export function components() {
  return {
    schemas: componentSchemas(),
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: 'Your API token (gl_…, from Settings → API management) or a session access token.',
      },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'gl_access', description: 'The browser session set by /api/auth/login.' },
      cobaltApiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'cobalt’s scheme for the cobalt-compatible API: `Api-Key <your API token>`.',
      },
    },
    headers: {
      'RateLimit-Limit': header('Requests allowed in the current window (the tighter of the day and the month).'),
      'RateLimit-Remaining': header('Requests left in that window.'),
      'RateLimit-Reset': header('Seconds until that window resets.'),
      'Retry-After': header('Seconds to wait before trying again.'),
    },
  };
}
