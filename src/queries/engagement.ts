// Engagement lists, the same on both protocols: who likes, comments on and
// quotes a profile (inbound), and whom it likes, comments on and quotes
// (outbound). One loader batch gives the rows of all six lists.
import type { EngagementDirection, EngagementKind } from '../domain/engagement';
import { distinct } from '../loaders/order-by-keys';

export type EngagementLists<Id> = Record<EngagementKind, Id[]>;

/** The six lists of counterpart ids, and every counterpart once, so one profile batch resolves all of them. */
export interface Engagement<Id> { others: Id[]; inbound: EngagementLists<Id>; outbound: EngagementLists<Id> }

export interface EngagementEntry<Id> { direction: EngagementDirection; kind: EngagementKind; other: Id }

const noLists = <Id>(): EngagementLists<Id> => ({ likes: [], comments: [], quotes: [] });

/** Entries in the order the statement gives them (each list already ranked), split into their lists. */
export function engagementLists<Id>(entries: readonly EngagementEntry<Id>[]): Engagement<Id> {
  const lists = { inbound: noLists<Id>(), outbound: noLists<Id>() };
  for (const e of entries) lists[e.direction][e.kind].push(e.other);
  return { others: distinct(entries.map((e) => e.other)), ...lists };
}
