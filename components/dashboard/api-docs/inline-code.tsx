import type { ReactNode } from 'react';

/**
 * A code word inside translated text (`<code>downloadId</code>` in a message): its own left-to-right isolate, so in
 * Arabic "(start و end)" keeps its order and `application/octet-stream` never turns around its slash.
 */
export const inlineCode = (chunks: ReactNode) => (
  <code dir="ltr" className="rounded bg-muted px-1 font-mono text-[0.85em]">
    {chunks}
  </code>
);
