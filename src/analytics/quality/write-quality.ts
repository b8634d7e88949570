// The refresh's quality step: every ranked account's features (features.sql.ts)
// scored by the model (model.ts) and written at the generation being built, in
// one INSERT … SELECT per protocol, so the score is computed where the data is.
import type { SqlClient } from '../../db/sql-client';
import { PROTOCOLS, type ProtocolName } from '../../domain/protocols';
import { QUALITY_FEATURES } from './features.sql';
import { QUALITY_MODEL, type QualityModel } from './model';

/** A number as an SQL literal of double precision (the model's constants are finite by construction). */
const lit = (x: number) => `${x}::float8`;

/** The statement: $1 = generation, $2 = as-of time. Exported for the tests that read what it scores. */
export function qualityInsertSql(protocol: ProtocolName, model: QualityModel = QUALITY_MODEL): string {
  const p = PROTOCOLS[protocol];
  const terms = model.features.map((f) => `${lit(f.weight)} * (f.${f.feature.toLowerCase()} - ${lit(f.centre)})`);
  return `
  INSERT INTO ${p.analytics.quality} (generation, ${p.key}, score, version, contributions)
  SELECT $1, f.id, 1 / (1 + exp(-(${lit(model.bias)} + ${terms.join(' + ')}))), ${model.version},
    ARRAY[${terms.join(', ')}]::real[]
  FROM (${QUALITY_FEATURES[protocol]}) f`;
}

/** Writes the generation's quality rows; the count written. */
export async function writeQuality(sql: SqlClient, protocol: ProtocolName, generation: number, asOf: Date): Promise<number> {
  const table = PROTOCOLS[protocol].analytics.quality;
  await sql.query(qualityInsertSql(protocol), [generation, asOf]);
  await sql.exec(`ANALYZE ${table}`);
  const [{ n }] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE generation = $1`, [generation]);
  return n;
}
