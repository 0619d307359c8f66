/** A select's closed look, shared by the full select and the stand-in that shows before its code is fetched. */
export const SELECT_TRIGGER_CLASSES = [
  'flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-sm',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
].join(' ');
