// The SQL of what domain/protocols.ts states about each protocol: its
// protocol_state row (generation, counts, data version), the ids its known
// tables hold, the newest event that dates its data, and a fid's username.
// Fragments only: callers compose their statements from them.
import { FC_USER_DATA, type ProtocolName, type ProtocolSpec } from '../domain/protocols';

/** A value of the protocol's protocol_state row, as a subquery (it costs no statement). */
export const stateOf = (protocol: ProtocolName, column: string) => `(SELECT ${column} FROM protocol_state WHERE protocol = '${protocol}')`;

/**
 * Run in the transaction of every write that can change an answer: cached
 * answers are keyed by both protocols' data_version, so moving both on makes
 * every stored answer unreachable at once (a write to one protocol rarely
 * leaves the other's answers alone: matches, tokens and topics span both).
 * Both rows are made if missing, so no write can leave an answer cached under
 * a version that never moves.
 */
export const BUMP_DATA_VERSION_SQL = `INSERT INTO protocol_state (protocol, data_version) SELECT unnest(ARRAY['farcaster', 'lens']), 1
  ON CONFLICT (protocol) DO UPDATE SET data_version = protocol_state.data_version + 1`;

/** The analytics generation readers use: the one protocol_state points at. */
export const generationOf = (p: ProtocolSpec) => stateOf(p.name, 'generation');

/**
 * The as-of instant: the newest event time over the event tables, null when
 * there is none (GREATEST skips nulls). One scan or index lookup per table.
 */
export const asOfSql = (p: ProtocolSpec) => {
  const newest = Object.entries(p.events).map(([table, columns]) => {
    const maxima = columns.map((c) => `max("${c}")`);
    return `(SELECT ${maxima.length === 1 ? maxima[0] : `GREATEST(${maxima.join(', ')})`} FROM ${table})`;
  });
  return `GREATEST(${newest.join(', ')})`;
};

/** Every id a known table holds, deleted rows included (column named as the key). */
export const knownIdsSql = (p: ProtocolSpec) => p.known.map((k) => `SELECT ${p.key} FROM ${k.table}`).join(' UNION ');

/**
 * The profile `idExpr` exists: a live row of a known table holds it. (Rankings
 * and the follow graph take every id of knownIdsSql, deleted rows included.)
 * Several tables are one EXISTS over a UNION ALL, not an OR of EXISTS: the
 * planner may turn each EXISTS of an OR into a hashed subplan that reads its
 * whole table on every statement, while this form probes each table's key
 * index per id and stops at the first table that holds it.
 */
export const existsSql = (p: ProtocolSpec, idExpr: string) => `EXISTS (${p.known.map((k) =>
  `SELECT 1 FROM ${k.table} known WHERE known.${p.key} = ${idExpr}${k.softDeleted ? ' AND known.deleted_at IS NULL' : ''}`).join(' UNION ALL ')})`;

/**
 * A fid's username: its live username user data, else its first live fname in
 * byte order (a fid can hold several fnames over time; the choice must not vary).
 * A statement that already reads the fid's user data passes its username value
 * as `userDataUsername`, so the table is not read twice.
 */
export const farcasterUsernameSql = (
  fidExpr: string,
  userDataUsername = `(SELECT d.value FROM fc_user_data d WHERE d.fid = ${fidExpr} AND d.type = ${FC_USER_DATA.username} AND d.deleted_at IS NULL)`,
) => `coalesce(${userDataUsername},
  (SELECT n.fname FROM fc_fname n WHERE n.fid = ${fidExpr} AND n.deleted_at IS NULL ORDER BY n.fname LIMIT 1))`;
