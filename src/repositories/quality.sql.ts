// The quality filter every list with a `minQuality` argument shares: the same
// table, generation and rule for an account without a score, wherever it applies.
import type { ProtocolSpec } from '../domain/protocols';
import { generationOf } from './protocols.sql';

/**
 * The account `idExpr` has a quality score of at least the parameter `param`
 * (`$3`) in the generation readers use. An account the last refresh did not
 * score (new since) has no score and is left out, so a filter never lets an
 * account through only because it is too new to judge. Callers leave the
 * fragment out when no minimum is asked, rather than passing 0.
 */
export const qualityAtLeastSql = (p: ProtocolSpec, idExpr: string, param: string) =>
  `EXISTS (SELECT 1 FROM ${p.analytics.quality} q WHERE q.generation = ${generationOf(p)} AND q.${p.key} = ${idExpr} AND q.score >= ${param})`;

/**
 * The same condition as a probe per row (a scalar subquery on the score table's key), for a statement
 * that meets many rows of few actors: as a semi-join the planner hashes the whole score table, which
 * costs more than the probes of a few thousand rows.
 */
export const qualityProbeSql = (p: ProtocolSpec, idExpr: string, param: string) =>
  `(SELECT q.score FROM ${p.analytics.quality} q WHERE q.generation = ${generationOf(p)} AND q.${p.key} = ${idExpr}) >= ${param}`;
