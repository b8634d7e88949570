// Page sizes of every list (`first`, `last`, `limit`), here because the analytics
// refresh stores some lists cut at the largest one a request may ask.

/** Page sizes: 1..100 items, 20 when not given. */
export const PAGE_SIZE = { min: 1, max: 100, default: 20 } as const;
