// Types of scripts/build-if-stale.js for the tests that import its decision.
export interface BuildDecision { rebuild: boolean; reason: string }
/** Whether the checkout at `root` needs a build, and why. */
export function decide(root: string): BuildDecision;
/** Records a build that started at `startedAt` (ms since the epoch) as finished. */
export function writeStamp(root: string, startedAt: number): void;
/** Path of the stamp, relative to the checkout. */
export const STAMP: string;
