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
