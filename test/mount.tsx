import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

// React warns about updates outside act() unless it is told this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: { root: Root; host: HTMLElement }[] = [];

// Whatever a test mounted is unmounted and removed after it, so no test sees another's DOM.
afterEach(() => {
  for (const { root, host } of mounted.splice(0)) {
    act(() => root.unmount());
    host.remove();
  }
});

export interface Mounted {
  /** The element the UI was rendered into (attached to document.body). */
  host: HTMLElement;
  /** Renders new UI into the same root, as a parent's re-render would. */
  rerender: (ui: ReactNode) => void;
  /** Unmounts now (otherwise done after the test). */
  unmount: () => void;
}

function attach(options: { dir?: 'ltr' | 'rtl' }) {
  const host = document.createElement('div');
  if (options.dir) host.dir = options.dir;
  document.body.append(host);
  const entry = { root: createRoot(host), host };
  mounted.push(entry);
  return entry;
}

/** Renders `ui` into a fresh element on the page (jsdom test files), inside act(). */
export function mount(ui: ReactNode, options: { dir?: 'ltr' | 'rtl' } = {}): Mounted {
  const entry = attach(options);
  act(() => entry.root.render(ui));
  return handle(entry);
}

/**
 * The same, inside an async act(): resolves once what the first render started (lazy imports, Suspense, effects
 * that await) has settled.
 */
export async function mountAsync(ui: ReactNode, options: { dir?: 'ltr' | 'rtl' } = {}): Promise<Mounted> {
  const entry = attach(options);
  await act(async () => entry.root.render(ui));
  return handle(entry);
}

function handle(entry: { root: Root; host: HTMLElement }): Mounted {
  const { root, host } = entry;
  return {
    host,
    rerender: (next) => act(() => root.render(next)),
    unmount: () => {
      const index = mounted.indexOf(entry);
      if (index < 0) return;
      mounted.splice(index, 1);
      act(() => root.unmount());
      host.remove();
    },
  };
}
