// Entries per history page, zod-free so the dashboard's browser code can read it without the validator.
export const HISTORY_PAGE_SIZE = 12;
