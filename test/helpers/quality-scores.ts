// Quality scores a fixture's README gives, in place of the ones its refresh computed: tests of the
// minQuality filters state which accounts pass, so only the accounts they list have a score.
import type { Database } from '../../src/db/database';
import { PROTOCOLS, type ProtocolName } from '../../src/domain/protocols';
import { generationOf } from '../../src/repositories/protocols.sql';

/** Replaces every quality score of the protocol's current generation with these (id, score) pairs. */
export async function setQualityScores(db: Database, protocol: ProtocolName, scores: readonly (readonly [number | string, number])[]): Promise<void> {
  const p = PROTOCOLS[protocol];
  const table = p.analytics.quality;
  await db.sql.query(`DELETE FROM ${table} WHERE generation = ${generationOf(p)}`);
  await db.sql.query(`INSERT INTO ${table} (generation, ${p.key}, score, version, contributions)
    SELECT ${generationOf(p)}, id, score, 1, '{}' FROM unnest($1::${p.id.sqlArray}, $2::float8[]) AS t(id, score)`,
  [scores.map(([id]) => id), scores.map(([, score]) => score)]);
}
