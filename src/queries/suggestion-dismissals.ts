// Dismissing a suggestion: the calling key's client says a viewer does not want
// an account suggested again. Stored per key and viewer (one app's users never
// hide accounts from another's), bounded per key and viewer so that a key
// readable by anyone using a page cannot grow the table without limit: at most
// MAX_DISMISSALS_PER_VIEWER per key, protocol and viewer, the number of viewers
// bounded by the protocol's profiles (both ids must be known profiles).
import { parseLensProfileId } from '../domain/ids';
import type { ProtocolName } from '../domain/protocols';
import { badInput, profileNotFound } from '../errors/app-error';
import type { SqlClient } from '../db/sql-client';
import { dismiss, lockDismissals, undismiss, type DismissalKey, type DismissalState } from '../repositories/suggestion-dismissal.repository';

type Id = number | string;

/** Dismissals one key may hold for one viewer on one protocol. */
export const MAX_DISMISSALS_PER_VIEWER = 1000;

const MAX_FID = 2_147_483_647;

/** A protocol's id from its text form: a fid in decimal, a Lens id in any hex form; 400 naming the argument otherwise. */
export function parseProtocolId(protocol: ProtocolName, raw: string, arg: string): Id {
  if (protocol === 'farcaster') {
    const fid = /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!(fid >= 1 && fid <= MAX_FID)) throw badInput(`${arg} must be a fid, 1..${MAX_FID}; got ${JSON.stringify(raw)}`);
    return fid;
  }
  const id = parseLensProfileId(raw);
  if (!id) throw badInput(`${arg} must be a Lens profile id such as 0x01; got ${JSON.stringify(raw)}`);
  return id;
}

export interface DismissalAnswer {
  protocol: ProtocolName;
  viewer: Id;
  target: Id;
  dismissed: boolean;
  dismissedAt: Date | null;
  /** The key's dismissals for this viewer now, and the most it may hold. */
  dismissals: number;
  limit: number;
}

export interface DismissalDeps {
  sql: SqlClient;
  apiKeyId: string;
  /** Whether a profile is known (the profile loaders). */
  exists(id: Id): Promise<boolean>;
}

async function checked(d: DismissalDeps, protocol: ProtocolName, viewerText: string, targetText: string) {
  const viewer = parseProtocolId(protocol, viewerText, 'viewer');
  const target = parseProtocolId(protocol, targetText, 'target');
  if (viewer === target) throw badInput('target must not be the viewer itself');
  const [v, t] = await Promise.all([d.exists(viewer), d.exists(target)]);
  if (!v) throw profileNotFound(viewer, 'viewer ');
  if (!t) throw profileNotFound(target, 'target ');
  return { viewer, target, key: { apiKeyId: d.apiKeyId, protocol, viewer: String(viewer) } };
}

/** Stores a dismissal within the bound, one of the key and viewer's at a time (dismissals racing each other included). */
export function storeDismissal(sql: SqlClient, key: DismissalKey, target: string, max: number): Promise<DismissalState> {
  return sql.transaction(async (tx) => {
    await lockDismissals(tx, key);
    return dismiss(tx, key, target, max);
  });
}

/** Dismisses `target` for `viewer` (again is a no-op); 400 past the bound. */
export async function dismissSuggestion(d: DismissalDeps, protocol: ProtocolName, viewerText: string, targetText: string): Promise<DismissalAnswer> {
  const { viewer, target, key } = await checked(d, protocol, viewerText, targetText);
  const state = await storeDismissal(d.sql, key, String(target), MAX_DISMISSALS_PER_VIEWER);
  if (!state.dismissedAt) {
    throw badInput(`this key holds ${MAX_DISMISSALS_PER_VIEWER} dismissals for viewer ${viewer}, the most allowed: undismiss some first`);
  }
  return { protocol, viewer, target, dismissed: true, dismissedAt: state.dismissedAt, dismissals: state.count, limit: MAX_DISMISSALS_PER_VIEWER };
}

/** Takes a dismissal back; not dismissed is no error (idempotent). */
export async function undismissSuggestion(d: DismissalDeps, protocol: ProtocolName, viewerText: string, targetText: string): Promise<DismissalAnswer> {
  const { viewer, target, key } = await checked(d, protocol, viewerText, targetText);
  const state = await undismiss(d.sql, key, String(target));
  return { protocol, viewer, target, dismissed: false, dismissedAt: null, dismissals: state.count, limit: MAX_DISMISSALS_PER_VIEWER };
}
