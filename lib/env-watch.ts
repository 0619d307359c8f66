/**
 * Knowing, cheaply, whether process.env changed since a value was read from it: what lets config() parse once
 * per change rather than once per call.
 */

/**
 * Reading every variable to see whether the environment changed costs ~100 µs (each read of process.env is a
 * call into the runtime), and hot paths ask for the configuration several times a request. So process.env is
 * watched instead: a write or delete through it bumps `generation`, and the variables are read again only then
 * (or when process.env itself was replaced, as tests do). The watch is one per process, on globalThis: a server
 * bundles this module more than once (the proxy, instrumentation, the routes), and copies each keeping their own
 * would replace each other's watch on every call, reading everything each time and nesting proxies without end.
 */
interface EnvWatch {
  generation: number;
  watched?: NodeJS.ProcessEnv;
  unwatchable: boolean;
}
const WATCH = Symbol.for('grabline.envWatch');
const envWatch = (): EnvWatch => ((globalThis as typeof globalThis & { [WATCH]?: EnvWatch })[WATCH] ??= { generation: 0, unwatchable: false });

/** True when process.env is watched; false in a runtime that does not let it be replaced (then every call reads). */
function watchEnvironment(): boolean {
  const watch = envWatch();
  if (watch.watched !== undefined && process.env === watch.watched) return true;
  if (watch.unwatchable) return false;
  const changed = () => void (watch.generation += 1);
  const proxy = new Proxy(process.env, {
    set: (target, name, value) => (changed(), Reflect.set(target, name, value)),
    deleteProperty: (target, name) => (changed(), Reflect.deleteProperty(target, name)),
    defineProperty: (target, name, attributes) => (changed(), Reflect.defineProperty(target, name, attributes)),
  });
  try {
    process.env = proxy;
  } catch {
    // Left as it was: every call reads the variables, as before.
  }
  if (process.env !== proxy) return !(watch.unwatchable = true);
  watch.watched = proxy;
  changed();
  return true;
}

/**
 * Says the environment changed through a writer that reaches it past process.env — a test runner's own view of
 * it (Vitest's vi.stubEnv writes through one) — so the next call reads the variables again.
 */
export function environmentChanged(): void {
  envWatch().generation += 1;
}

/**
 * How many times the environment has changed since it was first watched; undefined in a runtime whose process.env
 * cannot be watched (then a caller must read the variables every time).
 */
export function environmentGeneration(): number | undefined {
  return watchEnvironment() ? envWatch().generation : undefined;
}
