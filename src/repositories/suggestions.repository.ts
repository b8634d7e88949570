// Who to follow: the live rows a viewer's suggestions are checked against and
// explained with. The candidates themselves come from the personalized rank
// (in memory, as of the refresh); these statements read the live follows, the
// key's dismissals, the cross-protocol matches and the quality filter at the
// time of the request, so what the viewer follows now is never suggested.
import type { Database } from '../db/database';
import { PROTOCOLS, type ProtocolName, type ProtocolSpec } from '../domain/protocols';
import { qualityAtLeastSql } from './quality.sql';

type Id = number | string;

const other = (p: ProtocolName): ProtocolName => (p === 'farcaster' ? 'lens' : 'farcaster');
const arr = (p: ProtocolSpec) => p.id.sqlArray;
const typ = (p: ProtocolSpec) => p.id.sqlType;

export interface ViewerExclusionRow { id: Id; why: 'follow' | 'dismissed' }

/**
 * Everything the viewer must not be suggested, in one statement: the viewer's
 * live follows on its protocol and what `apiKeyId` dismissed for it (ids as
 * text in the table, cast back to the protocol's id type).
 */
export function viewerExclusions(db: Database, protocol: ProtocolName, apiKeyId: string, viewer: Id): Promise<ViewerExclusionRow[]> {
  const p = PROTOCOLS[protocol];
  const f = p.follows;
  return db.read<ViewerExclusionRow>(`
    SELECT ${f.followee} AS id, 'follow' AS why FROM ${f.table} WHERE ${f.follower} = $1::${typ(p)} AND deleted_at IS NULL
    UNION ALL
    SELECT ${p.id.fromText('d.target')} AS id, 'dismissed' AS why FROM suggestion_dismissal d
    WHERE d.api_key_id = $2::uuid AND d.protocol = $3 AND d.viewer = $1::text`, String(viewer), apiKeyId, protocol);
}

export interface CrossCandidateRow { id: Id; via: Id }

/**
 * Cross-protocol candidates of a viewer matched on both protocols: accounts of
 * the viewer's protocol matched (cross_match) to an account that one of the
 * viewer's matched accounts follows live on the other protocol, the viewer's
 * own accounts left out. `via` is that followed account (the lowest by id when
 * several). At most `limit`, by id. Whether the viewer follows the candidate
 * already is checked by the caller against its live follows.
 */
export function crossProtocolCandidates(db: Database, protocol: ProtocolName, viewer: Id, limit: number): Promise<CrossCandidateRow[]> {
  const p = PROTOCOLS[protocol];
  const o = PROTOCOLS[other(protocol)];
  const [mine, theirs] = protocol === 'farcaster' ? ['fid', 'profile_id'] : ['profile_id', 'fid'];
  return db.read<CrossCandidateRow>(`
    SELECT DISTINCT ON (${p.id.keys('c.id')}) c.id, c.via FROM (
      SELECT m2.${mine} AS id, f.${o.follows.followee} AS via
      FROM cross_match m1
      JOIN ${o.follows.table} f ON f.${o.follows.follower} = m1.${theirs} AND f.deleted_at IS NULL
      JOIN cross_match m2 ON m2.${theirs} = f.${o.follows.followee}
      WHERE m1.${mine} = $1::${typ(p)} AND m2.${mine} <> $1::${typ(p)}) c
    ORDER BY ${p.id.keys('c.id')}, ${o.id.keys('c.via')}
    LIMIT $2`, String(viewer), limit);
}

/** The ids of `ids` with a quality score of at least `min` at the current generation. */
export async function qualityAtLeast(db: Database, protocol: ProtocolName, ids: readonly Id[], min: number): Promise<Id[]> {
  if (ids.length === 0) return [];
  const p = PROTOCOLS[protocol];
  const rows = await db.read<{ id: Id }>(`
    SELECT c.id FROM unnest($1::${arr(p)}) AS c(id) WHERE ${qualityAtLeastSql(p, 'c.id', '$2')}`, ids.map(String), min);
  return rows.map((r) => p.id.fromRow(r.id));
}

export interface ConnectorRow { id: Id; connector: Id }

/**
 * For each of `ids`, the viewer's live follows that follow it live (the
 * viewer left out): every one, so that a count is exact. Each of the viewer's
 * follows is probed against each id by the follow table's primary key, so the
 * cost is the viewer's follows times the page, whatever the candidates' audience.
 */
export function connectorsOf(db: Database, protocol: ProtocolName, viewer: Id, ids: readonly Id[]): Promise<ConnectorRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const p = PROTOCOLS[protocol];
  const f = p.follows;
  // A LATERAL … LIMIT 1 probe: as a join, the planner read every follower of each candidate (thousands for
  // the popular accounts suggestions tend to be) to meet the viewer's few follows.
  return db.read<ConnectorRow>(`
    SELECT c.id, v.${f.followee} AS connector
    FROM ${f.table} v
    CROSS JOIN unnest($2::${arr(p)}) AS c(id)
    CROSS JOIN LATERAL (SELECT 1 FROM ${f.table} l
      WHERE l.${f.follower} = v.${f.followee} AND l.${f.followee} = c.id AND l.deleted_at IS NULL LIMIT 1) l
    WHERE v.${f.follower} = $1::${typ(p)} AND v.deleted_at IS NULL AND v.${f.followee} <> $1::${typ(p)}`,
  String(viewer), ids.map(String));
}
