// Reads of the quality tables (written by the refresh's quality step), at the
// generation readers use: one statement per batch of accounts.
import type { Database } from '../db/database';
import type { SqlClient } from '../db/sql-client';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { generationOf } from './protocols.sql';

export interface QualityRow { id: string | number; score: number; version: number; contributions: number[] }

export function qualityRows(db: Database, protocol: ProtocolName, ids: readonly (string | number)[]): Promise<QualityRow[]> {
  const p = PROTOCOLS[protocol];
  return db.read<QualityRow>(`
    SELECT q.${p.key} AS id, q.score, q.version, q.contributions FROM ${p.analytics.quality} q
    WHERE q.generation = ${generationOf(p)} AND q.${p.key} = ANY($1::${p.id.sqlArray})`, [...ids]);
}

/** The scores alone, on a statement's client (the push fan-out's transaction, the dispatcher's reads). */
export function qualityScores(sql: SqlClient, protocol: ProtocolName, ids: readonly (string | number)[]): Promise<{ id: string | number; score: number }[]> {
  const p = PROTOCOLS[protocol];
  return sql.query(`
    SELECT q.${p.key} AS id, q.score FROM ${p.analytics.quality} q
    WHERE q.generation = ${generationOf(p)} AND q.${p.key} = ANY($1::${p.id.sqlArray})`, [[...ids]]);
}
