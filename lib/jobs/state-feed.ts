import { EventEmitter } from 'node:events';
import type { BaseState, StateListener } from './runner';

/** How long a finished job's states stay replayable to late subscribers on this node. */
const HISTORY_MS = 60_000;

/**
 * The states of the jobs this node has heard of, for its subscribers: each new subscriber first gets what was
 * seen so far, in order; nothing is passed on after a job's final state.
 */
export function createStateFeed() {
  const events = new EventEmitter().setMaxListeners(0);
  const history = new Map<string, { states: BaseState[]; ended: boolean }>();
  return {
    publish(id: string, state: BaseState, final: boolean) {
      const seen = history.get(id) ?? { states: [], ended: false };
      if (seen.ended) return;
      seen.states.push(state);
      seen.ended = final;
      history.set(id, seen);
      if (final) setTimeout(() => history.delete(id), HISTORY_MS).unref();
      events.emit(id, state);
    },
    subscribe(id: string, listener: StateListener) {
      for (const state of history.get(id)?.states ?? []) listener(state);
      events.on(id, listener);
      return () => void events.off(id, listener);
    },
    clear() {
      events.removeAllListeners();
      history.clear();
    },
  };
}
