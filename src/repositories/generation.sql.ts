// Readers use the analytics generation protocol_state points at (see
// src/analytics/refresh.ts); inlined as a subquery so it costs no statement.
export const FC_GENERATION = `(SELECT generation FROM protocol_state WHERE protocol = 'farcaster')`;
export const LENS_GENERATION = `(SELECT generation FROM protocol_state WHERE protocol = 'lens')`;
