import 'server-only';

type Subscriber<T> = (payload: T) => Promise<void> | void;

export interface EventBus<Events extends Record<string, unknown>> {
  on<K extends keyof Events>(name: K, subscriber: Subscriber<Events[K]>): void;
  /** Runs every subscriber of `name`, each on its own: one that fails is logged and never stops the others. */
  emit<K extends keyof Events>(name: K, payload: Events[K]): Promise<void>;
}

/**
 * Producers emit events by name and never import who listens; the composition root (lib/server.ts) subscribes
 * the features. In-process: every subscriber runs in the process that emitted.
 */
export function createEventBus<Events extends Record<string, unknown>>(): EventBus<Events> {
  const subscribers = new Map<keyof Events, Subscriber<never>[]>();
  return {
    on(name, subscriber) {
      subscribers.set(name, [...(subscribers.get(name) ?? []), subscriber as Subscriber<never>]);
    },
    async emit(name, payload) {
      await Promise.all((subscribers.get(name) ?? []).map(async (subscriber) => {
        try {
          await (subscriber as Subscriber<typeof payload>)(payload);
        } catch (error) {
          console.error(`[events] a subscriber of ${String(name)} failed`, error);
        }
      }));
    },
  };
}

/**
 * What the media engine reports about its own work. The engine sits below the composition root and cannot reach
 * `services().events`, so it emits on this one process-wide bus; lib/server.ts subscribes. Labels only: a
 * platform, an engine, an error code, a duration or a byte count — never a link, id or title.
 */
export interface EngineEvents extends Record<string, unknown> {
  /** One analysis that really ran (a cached answer or a joined run is not one). */
  'media.analysed': { platform: string; engine: string; seconds: number; code?: string };
  /** One preparation (fetch, merge or convert into the temp store) that really ran. */
  'media.prepared': { platform: string; engine: string; seconds: number; code?: string };
  /** Bytes of a file's body handed to a client, as they go. */
  'media.bytes': { platform: string; engine: string; bytes: number };
  /** A file's body ended: from the answer to the last byte, or to the client going away (`complete: false`). */
  'media.delivered': { platform: string; engine: string; seconds: number; complete: boolean };
}

const holder = globalThis as typeof globalThis & { __grablineEngineEvents?: EventBus<EngineEvents> };

/** The process's engine bus (on globalThis: Next dev reloads keep one, with its subscribers). */
export function engineEvents(): EventBus<EngineEvents> {
  holder.__grablineEngineEvents ??= createEventBus<EngineEvents>();
  return holder.__grablineEngineEvents;
}
