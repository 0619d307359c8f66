import type { ReactNode } from 'react';

/** A dark code panel in both themes; code is always left-to-right, even on Arabic pages. */
export function CodeBlock({ code, label, action }: { code: string; label?: string; action?: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-lg border bg-slate-950 text-slate-100 dark:border-slate-800">
      {(label || action) && (
        <div className="flex items-center justify-between gap-2 border-b border-white/10 px-3 py-1.5">
          <span className="text-xs font-medium text-slate-400">{label}</span>
          {action}
        </div>
      )}
      {/* Focusable, so a keyboard can scroll a long line into view. */}
      <pre
        dir="ltr"
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto p-4 text-start text-xs leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
