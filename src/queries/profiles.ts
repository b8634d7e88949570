// Profiles by id through the request's profile loaders: one batch for any
// number of ids. A loader answers null for an id no profile has; a failed
// batch rejects, so an outage reaches the client as an error, never as
// "nobody found".
import type DataLoader from 'dataloader';
import { takeTurn } from '../db/request-scope';
import { profileNotFound } from '../errors/app-error';
import type { Loaders } from '../loaders/create-loaders';
import { loadAll } from '../loaders/load-all';
import { distinct } from '../loaders/order-by-keys';

type ProfileLoader<K, R> = DataLoader<K, R | null>;

/** The profile of one id (a single-entity root); NOT_FOUND when the id has none. */
export async function requireProfile<K, R>(loader: ProfileLoader<K, R>, id: K): Promise<R> {
  const row = await loader.load(id);
  if (!row) throw profileNotFound(id as string | number);
  return row;
}

/** Lists of this many profiles are answered in a turn of the event loop of their own (see takeTurn; docs/performance.md#request-path). */
const PROFILES_PER_TURN = 20;

/** The profiles of `ids`, in their order; ids without a profile are left out. */
export async function knownProfiles<K, R>(loader: ProfileLoader<K, R>, ids: readonly K[]): Promise<R[]> {
  const rows = await loadAll(loader, ids);
  if (ids.length >= PROFILES_PER_TURN) await takeTurn();
  return rows.filter((r): r is R => r !== null);
}

/** A list root's answer: each requested id once, in request order, ids without a profile left out. */
export function requestedProfiles<K, R>(loader: ProfileLoader<K, R>, ids: readonly K[]): Promise<R[]> {
  return knownProfiles(loader, distinct(ids));
}

/** The counts of each distinct id once, in request order; an unknown id gets the loader's zero counts. */
export async function countsOfEach<K, C>(loader: DataLoader<K, C>, ids: readonly K[]): Promise<{ id: K; counts: C }[]> {
  const unique = distinct(ids);
  const counts = await loadAll(loader, unique);
  return unique.map((id, i) => ({ id, counts: counts[i] }));
}

/**
 * When a Lens profile last changed as the API shows it: the newest of its
 * metadata update, the last stats refresh (read once per request) and its creation.
 */
export async function lensLastUpdated(states: Loaders['protocolState'], p: { metadataUpdatedAt: Date | null; createdAt: Date }): Promise<Date> {
  const refreshed = (await states.load('lens'))?.refreshed_at ?? null;
  const times = [p.metadataUpdatedAt, refreshed, p.createdAt].filter((t): t is Date => t instanceof Date);
  return new Date(Math.max(...times.map((t) => t.getTime())));
}
