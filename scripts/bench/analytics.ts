// Latency benchmark of the REST endpoints on a warm server (issue: every
// analytics endpoint answers in under 50 ms p99 on the `medium` dataset).
//
//   npm run bench:analytics -- [--reuse] [--keep] [--scale medium] [--seed 1] [--data-dir DIR]
//     [--requests 200] [--warmup 20] [--only REGEX] [--out FILE] [--no-vacuum] [--warm]
//     [--wait-idle SECONDS] [--database sga_bench_api_NAME]
//   PERSONALIZED_RANK_MAX_EDGES in the environment is the server's (by default a bound from the machine's memory).
//
// Set-up (scripts/bench/bench-db.ts): the dataset in DIR (default
// /tmp/sga-bench-api-data for medium, /tmp/sga-bench-api-data-<scale> else;
// generated when missing) and the database `sga_bench_api_<scale>` on
// BENCH_DATABASE_URL's server (default postgresql://postgres@127.0.0.1:5432),
// created, migrated, imported and refreshed. With --reuse an earlier run's
// database is taken as is when it is complete and has every migration of the
// tree (else it is set up again). --database names another database, e.g. a
// copy carrying a proposed index (`CREATE DATABASE sga_bench_api_x TEMPLATE
// sga_bench_api_medium`, then --database sga_bench_api_x --reuse --keep).
// Then VACUUM (ANALYZE): the state autovacuum reaches on a server that has been
// up a while (--no-vacuum measures the state right after import + refresh).
// --warm then reads the follow indexes into the OS cache as `cli warm` does
// (src/db/warm-relations.ts): without it, a database larger than memory is
// measured with whatever the cache holds, and a row's first requests pay the disk.
//
// Measurement: the app of src/http/app.ts in this process on port 0
// (LOG_LEVEL silent, one key with a huge rate limit); per endpoint 20 warm-up
// requests, then 200 sequential fetches with ids drawn deterministically from
// the data: the 20 most-followed profiles (largest follower sets) plus 180
// picked by a seeded hash, in a seeded order. Every route of
// src/rest/routes/*.routes.ts is measured: by a request template below, or (a
// route added since) by its documented example call on the sampled ids; POST
// /api/trending/find per protocol over pages 1..10, without and with a category filter. Latency is the client's
// time to the full body; percentiles are nearest-rank (with 200 requests p99 is
// the 3rd slowest). Each endpoint also reports the time spent in the
// repositories' SQL (Database.read) and its costliest statements, which is
// where to start when it misses, and the process's garbage-collection pauses
// inside its requests (the slowest requests each with their SQL and GC time).
// --wait-idle waits (up to SECONDS) for the machine's load average to drop
// before measuring; the load is recorded.
//
// Writes docs/bench/analytics-<scale>.json (a --only run writes only to
// --out). The database is dropped at the end unless --keep, so repeated runs
// use --reuse --keep.
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../../src/config/load-config';
import { SCALES, type Scale } from '../../src/datagen/generate';
import type { Database } from '../../src/db/database';
import { warmRelations, type WarmedRelation } from '../../src/db/warm-relations';
import { FARCASTER, LENS, LENS_ID } from '../../src/domain/protocols';
import { generationOf } from '../../src/repositories/protocols.sql';
import { CATEGORIES } from '../../src/domain/taxonomy';
import { createApp } from '../../src/http/app';
import { projectRoot } from '../../src/project-root';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import type { RestRoute } from '../../src/rest/rest-route.type';
import { getOperationAST, OperationTypeNode } from 'graphql';
import { benchServerUrl, databaseReady, dropDatabase, ensureDataset, log, prepareDatabase, type DatasetInfo, type SetupInfo } from './bench-db';
import { machineInfo, otherActivity, waitForIdle } from './machine';
import { shuffle } from './prng';
import { CASHTAGS } from '../../src/datagen/text';

const THRESHOLD_MS = 50;
const TOP_FOLLOWED = 20;
const BATCH = 10;

// ---------------------------------------------------------------- options

function parseCli() {
  const { values } = parseArgs({
    args: process.argv.slice(2), allowPositionals: false, strict: true,
    options: {
      reuse: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      scale: { type: 'string', default: 'medium' },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string' },
      requests: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      only: { type: 'string' },
      'no-vacuum': { type: 'boolean', default: false },
      warm: { type: 'boolean', default: false },
      out: { type: 'string' },
      'wait-idle': { type: 'string', default: '0' },
      database: { type: 'string' },
    },
  });
  const scale = values.scale as Scale;
  // This script drops and recreates its database: keep it away from anyone else's.
  if (values.database !== undefined && !/^sga_bench_api_[a-z0-9_]+$/.test(values.database)) throw new Error('--database must be named sga_bench_api_…');
  if (!(scale in SCALES)) throw new Error(`unknown scale ${scale}; one of ${Object.keys(SCALES).join(', ')}`);
  const int = (name: string, v: string | undefined, min: number) => {
    if (!v || !/^\d+$/.test(v) || Number(v) < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return Number(v);
  };
  return {
    database: values.database ?? `sga_bench_api_${scale}`,
    scale, seed: int('seed', values.seed, 0), dataDir: values['data-dir'] ?? (scale === 'medium' ? '/tmp/sga-bench-api-data' : `/tmp/sga-bench-api-data-${scale}`), reuse: values.reuse, keep: values.keep,
    requests: int('requests', values.requests, 1), warmup: int('warmup', values.warmup, 0),
    waitIdle: int('wait-idle', values['wait-idle'], 0),
    only: values.only ? new RegExp(values.only) : null, vacuum: !values['no-vacuum'], warm: values.warm,
    // A filtered run does not overwrite the committed figures unless told where to write.
    out: values.out ?? (values.only ? null : path.join(projectRoot(), 'docs', 'bench', `analytics-${scale}.json`)),
  };
}

// ---------------------------------------------------------------- sample

interface Sample {
  fids: number[];
  lensIds: string[];
  /** Exact usernames and 3-letter prefixes of usernames of sampled fids. */
  handles: string[];
  prefixes: string[];
  topFids: { fid: number; followers: number }[];
  topLens: { id: string; followers: number }[];
  /** Matched persons (fid, Lens profile): the TOP_FOLLOWED with the most followers on both sides together, the rest pseudo-random. */
  persons: { fid: number; profileId: string }[];
}

/**
 * `n` existing profiles per protocol that the last refresh covered: the
 * TOP_FOLLOWED most followed, the rest by md5(id || seed) (a deterministic
 * pseudo-random pick over all profiles, so mostly small ones), shuffled.
 */
async function drawSample(db: Database, n: number, seed: number): Promise<Sample> {
  const q = <T>(text: string, ...params: unknown[]) => db.sql.query<T>(text, params);
  const topFids = await q<{ fid: number; followers: number }>(`
    SELECT s.fid, s.followers FROM fc_profile_stats s JOIN fc_user u ON u.fid = s.fid
    WHERE s.generation = ${generationOf(FARCASTER)}
    ORDER BY s.followers DESC, s.fid LIMIT $1`, TOP_FOLLOWED);
  const restFids = await q<{ fid: number }>(`
    SELECT s.fid FROM fc_profile_stats s JOIN fc_user u ON u.fid = s.fid
    WHERE s.generation = ${generationOf(FARCASTER)} AND NOT (s.fid = ANY($3::int[]))
    ORDER BY md5(s.fid::text || ':' || $2::text) LIMIT $1`, n - topFids.length, seed, topFids.map((r) => r.fid));
  const topLens = await q<{ id: string; followers: number }>(`
    SELECT s.profile_id AS id, s.followers FROM lens_profile_stats s JOIN lens_profile p ON p.profile_id = s.profile_id
    WHERE s.generation = ${generationOf(LENS)}
    ORDER BY s.followers DESC, ${LENS_ID.order('s.profile_id')} LIMIT $1`, TOP_FOLLOWED);
  const restLens = await q<{ id: string }>(`
    SELECT s.profile_id AS id FROM lens_profile_stats s JOIN lens_profile p ON p.profile_id = s.profile_id
    WHERE s.generation = ${generationOf(LENS)} AND NOT (s.profile_id = ANY($3::text[]))
    ORDER BY md5(s.profile_id || ':' || $2::text) LIMIT $1`, n - topLens.length, seed, topLens.map((r) => r.id));
  const fids = shuffle([...topFids.map((r) => r.fid), ...restFids.map((r) => r.fid)], seed);
  const lensIds = shuffle([...topLens.map((r) => r.id), ...restLens.map((r) => r.id)], seed + 1);
  if (fids.length < n || lensIds.length < n) throw new Error(`the database holds fewer than ${n} refreshed profiles per protocol`);

  // The name the service answers for a fid: user_data type 6, else the first live fname.
  const names = await q<{ fid: number; name: string | null }>(`
    SELECT x.fid, coalesce(
      (SELECT d.value FROM fc_user_data d WHERE d.fid = x.fid AND d.type = 6 AND d.deleted_at IS NULL AND d.value <> ''),
      (SELECT n.fname FROM fc_fname n WHERE n.fid = x.fid AND n.deleted_at IS NULL ORDER BY n.fname LIMIT 1)) AS name
    FROM unnest($1::int[]) AS x(fid)`, fids);
  const byFid = new Map(names.map((r) => [r.fid, r.name]));
  const handles = fids.map((f) => byFid.get(f)).filter((s): s is string => !!s);
  const prefixes = handles.filter((h) => h.length >= 3).map((h) => h.slice(0, 3));
  if (!handles.length) throw new Error('no usernames in the sample');
  // Matched persons: the largest (most followers on both sides) and a deterministic pseudo-random rest.
  const matched = `SELECT DISTINCT v.fid, p.profile_id AS "profileId" FROM fc_verification v
    JOIN lens_profile p ON p.owned_by = lower(v.address) WHERE v.deleted_at IS NULL AND v.protocol = 'ethereum'`;
  const topPersons = await q<{ fid: number; profileId: string }>(`
    SELECT m.fid, m."profileId" FROM (${matched}) m
    JOIN fc_profile_stats f ON f.generation = ${generationOf(FARCASTER)} AND f.fid = m.fid
    JOIN lens_profile_stats l ON l.generation = ${generationOf(LENS)} AND l.profile_id = m."profileId"
    ORDER BY f.followers + l.followers DESC, m.fid LIMIT $1`, TOP_FOLLOWED);
  const restPersons = await q<{ fid: number; profileId: string }>(`
    SELECT m.fid, m."profileId" FROM (${matched}) m ORDER BY md5(m.fid::text || m."profileId" || ':' || $2::text) LIMIT $1`, n - topPersons.length, seed);
  const persons = shuffle([...topPersons, ...restPersons], seed + 2);
  if (!persons.length) throw new Error('no matched persons (fid, Lens profile) in the database');
  return { fids, lensIds, handles, prefixes, topFids, topLens, persons };
}

// ---------------------------------------------------------------- endpoints

interface Req { method: 'GET' | 'POST'; path: string; body?: unknown }
interface Variant { name: string; request: (i: number) => Req }

const at = <T>(xs: readonly T[], i: number) => xs[((i % xs.length) + xs.length) % xs.length];
const batch = <T>(xs: readonly T[], i: number) => Array.from({ length: BATCH }, (_, k) => at(xs, i * BATCH + k));
const enc = encodeURIComponent;

/** Request templates by route (`method path` as in REST_ROUTES); some routes get several variants. */
/** Channel names the generator casts in (src/datagen/farcaster-casts.ts), and the windows of the channel routes. */
const GENERATED_CHANNELS = ['defi', 'nft', 'art', 'music', 'ai', 'memes', 'gaming', 'base', 'degen', 'farcaster', 'dev', 'founders'];
const CHANNEL_WINDOWS = ['7d', '1d', '30d'];
const CAST_WINDOW_NAMES = ['24h', '1h', '6h', '3d', '7d'];
/** Words and phrases the generator's post templates write (src/datagen/text.ts), for the post search rows. */
const SEARCH_WORDS = ['uniswap', 'ramen', 'typescript', 'nouns', 'techno', 'lisbon', 'arsenal', 'claude', 'frame', 'chess'];
const SEARCH_PHRASES = ['mexico city', 'tyler hobbs', 'real madrid', 'hip hop', 'blue hour', 'mario kart'];
/** A name with its middle letter dropped: a typo the fuzzy match must still find. */
const typo = (name: string) => (name.length > 4 ? name.slice(0, name.length >> 1) + name.slice((name.length >> 1) + 1) : name);

function templates(s: Sample, webhooks: readonly string[]): Record<string, Variant[]> {
  const fid = (i: number) => at(s.fids, i);
  const lid = (i: number) => enc(at(s.lensIds, i));
  const channel = (i: number) => at(GENERATED_CHANNELS, i);
  const person = (i: number) => at(s.persons, i);
  const get = (p: string): Req => ({ method: 'GET', path: p });
  const one = (name: string, request: (i: number) => Req): Variant[] => [{ name, request }];
  /** `/api/x/{fid}` + optional query, on the sampled fids (or Lens ids for `{id}`). */
  const byFid = (p: string, query = ''): Variant => ({ name: `${p}${query ? `?${query}` : ''}`, request: (i) => get(`${p.replace('{fid}', String(fid(i)))}${query ? `?${query}` : ''}`) });
  const byLens = (p: string, query = ''): Variant => ({ name: `${p}${query ? `?${query}` : ''}`, request: (i) => get(`${p.replace('{id}', lid(i))}${query ? `?${query}` : ''}`) });
  const ratios = ['week', 'day', 'month'];
  const trending = (protocol: string): Variant => ({
    name: `POST /api/trending/find ${protocol} (pages 1..10, ratio week/day/month)`,
    request: (i) => ({ method: 'POST', path: '/api/trending/find', body: { protocol, page: (i % 10) + 1, ratio: at(ratios, Math.floor(i / 10)) } }),
  });
  /** The same pages filtered by one category, each of the taxonomy in turn. */
  const trendingInCategory = (protocol: string): Variant => ({
    name: `POST /api/trending/find ${protocol} with categories (one of ${CATEGORIES.length}, pages 1..10, ratio week/day/month)`,
    request: (i) => ({ method: 'POST', path: '/api/trending/find',
      body: { protocol, page: (i % 10) + 1, ratio: at(ratios, Math.floor(i / 10)), categories: [at(CATEGORIES, i).id] } }),
  });
  return {
    // Farcaster analytics
    'get /api/farcaster/user/rank/:fid': [byFid('/api/farcaster/user/rank/{fid}', 'ratio=week')],
    'get /api/farcaster/profile/rank/:fid': [byFid('/api/farcaster/profile/rank/{fid}')],
    'get /api/farcaster/followers/history/:fid': [byFid('/api/farcaster/followers/history/{fid}'), byFid('/api/farcaster/followers/history/{fid}', 'interval=week&from=2023-07-01')],
    'get /api/farcaster/followers/histogram/:fid': [byFid('/api/farcaster/followers/histogram/{fid}')],
    'get /api/farcaster/followers/recent/:fid': [byFid('/api/farcaster/followers/recent/{fid}')],
    'get /api/farcaster/followers/top/:fid': [byFid('/api/farcaster/followers/top/{fid}')],
    // Farcaster profiles and counts
    'get /api/farcaster/followers/total/:fid': [byFid('/api/farcaster/followers/total/{fid}')],
    'get /api/farcaster/user/profile/:fid': [byFid('/api/farcaster/user/profile/{fid}')],
    'get /api/farcaster/user/profiles': one(`/api/farcaster/user/profiles?fids= (${BATCH} fids)`, (i) => get(`/api/farcaster/user/profiles?fids=${batch(s.fids, i).join(',')}`)),
    // Search: names as clients type them (a whole username, its first letters, one letter dropped), words of the
    // generator's templates, a phrase, cashtags, and the filters; each varies with the request so the cache is not measured
    'get /api/v2/search/users': [
      { name: '/api/v2/search/users?q={username}', request: (i) => get(`/api/v2/search/users?q=${enc(at(s.handles, i))}`) },
      { name: '/api/v2/search/users?q={3-letter prefix}', request: (i) => get(`/api/v2/search/users?q=${enc(at(s.prefixes, i))}`) },
      { name: '/api/v2/search/users?q={username, a letter dropped}', request: (i) => get(`/api/v2/search/users?q=${enc(typo(at(s.handles, i)))}`) },
      { name: '/api/v2/search/users?q={username}&protocol=farcaster&minQuality=0.5', request: (i) => get(`/api/v2/search/users?q=${enc(at(s.handles, i))}&protocol=farcaster&minQuality=0.5`) },
    ],
    'get /api/v2/search/posts': [
      { name: '/api/v2/search/posts?q={a template word}', request: (i) => get(`/api/v2/search/posts?q=${enc(at(SEARCH_WORDS, i))}&first=${10 + (i % 10)}`) },
      { name: '/api/v2/search/posts?q="{two words}"', request: (i) => get(`/api/v2/search/posts?q=${enc(`"${at(SEARCH_PHRASES, i)}"`)}&first=${10 + (i % 10)}`) },
      { name: '/api/v2/search/posts?q=${cashtag}', request: (i) => get(`/api/v2/search/posts?q=${enc(`$${at(CASHTAGS, i)[0]}`)}&first=${10 + (i % 10)}`) },
      { name: '/api/v2/search/posts?q={word}&author={fid}', request: (i) => get(`/api/v2/search/posts?q=${enc(at(SEARCH_WORDS, i))}&author=${fid(i)}`) },
      { name: '/api/v2/search/posts?q={word}&channel={generated channel}', request: (i) => get(`/api/v2/search/posts?q=${enc(at(SEARCH_WORDS, i))}&channel=${channel(i)}`) },
    ],
    'get /api/farcaster/user/profiles/:handle': [
      { name: '/api/farcaster/user/profiles/{handle} (exact username)', request: (i) => get(`/api/farcaster/user/profiles/${enc(at(s.handles, i))}`) },
      { name: '/api/farcaster/user/profiles/{handle} (3-letter prefix)', request: (i) => get(`/api/farcaster/user/profiles/${enc(at(s.prefixes, i))}`) },
    ],
    'get /api/farcaster/likes-count': one(`/api/farcaster/likes-count?fids= (${BATCH} fids)`, (i) => get(`/api/farcaster/likes-count?fids=${batch(s.fids, i).join(',')}`)),
    'get /api/farcaster/followersCount': one(`/api/farcaster/followersCount?fids= (${BATCH} fids)`, (i) => get(`/api/farcaster/followersCount?fids=${batch(s.fids, i).join(',')}`)),
    // Farcaster surface
    'get /api/farcaster/followers/:fid': [byFid('/api/farcaster/followers/{fid}'), byFid('/api/farcaster/followers/{fid}', 'page=10')],
    'get /api/farcaster/following/:fid': [byFid('/api/farcaster/following/{fid}')],
    'get /api/farcaster/casts/:fid': [byFid('/api/farcaster/casts/{fid}')],
    'get /api/farcaster/user/engagement/:fid': [byFid('/api/farcaster/user/engagement/{fid}')],
    'get /api/farcaster/match/:fid': [byFid('/api/farcaster/match/{fid}')],
    // Lens analytics
    'get /api/lens/user/rank/:id': [byLens('/api/lens/user/rank/{id}', 'ratio=week')],
    'get /api/lens/profile/rank/:id': [byLens('/api/lens/profile/rank/{id}')],
    'get /api/lens/followers/history/:id': [byLens('/api/lens/followers/history/{id}'), byLens('/api/lens/followers/history/{id}', 'interval=week&from=2023-07-01')],
    'get /api/lens/followers/histogram/:id': [byLens('/api/lens/followers/histogram/{id}')],
    'get /api/lens/followers/recent/:id': [byLens('/api/lens/followers/recent/{id}')],
    'get /api/lens/followers/top/:id': [byLens('/api/lens/followers/top/{id}')],
    'get /api/lens/score/average': [
      { name: '/api/lens/score/average', request: () => get('/api/lens/score/average') },
      { name: `/api/lens/score/average?ids= (${BATCH} ids)`, request: (i) => get(`/api/lens/score/average?ids=${batch(s.lensIds, i).map(enc).join(',')}`) },
    ],
    // Lens profiles and counts
    'get /api/lens/followers/total/:id': [byLens('/api/lens/followers/total/{id}')],
    'get /api/lens/profile/:id': [byLens('/api/lens/profile/{id}')],
    'get /api/lens/followersCount': one(`/api/lens/followersCount?ids= (${BATCH} ids)`, (i) => get(`/api/lens/followersCount?ids=${batch(s.lensIds, i).map(enc).join(',')}`)),
    // Lens surface
    'get /api/lens/match/:id': [byLens('/api/lens/match/{id}')],
    'get /api/lens/profile/engagement/:id': [byLens('/api/lens/profile/engagement/{id}')],
    'get /api/lens/profile/collect/list/:id': [byLens('/api/lens/profile/collect/list/{id}'), byLens('/api/lens/profile/collect/list/{id}', 'currency=usdc&year=2024')],
    'get /api/lens/profile/collect/sum/:id': [byLens('/api/lens/profile/collect/sum/{id}'), byLens('/api/lens/profile/collect/sum/{id}', 'year=2024')],
    'get /api/lens/collect/top-creators': [
      { name: '/api/lens/collect/top-creators', request: () => get('/api/lens/collect/top-creators') },
      { name: '/api/lens/collect/top-creators?year=2024&month=1..12', request: (i) => get(`/api/lens/collect/top-creators?year=2024&month=${(i % 12) + 1}`) },
    ],
    // Every request a different filter or limit: one repeated call would be measured on the answer cache.
    'get /api/lens/collect/top-categories': one('/api/lens/collect/top-categories (16 filters: none, years, 2024 months, usdc; limit 1..20)', (i) =>
      get(`/api/lens/collect/top-categories?${at(TOP_CATEGORY_FILTERS, i)}limit=${(Math.floor(i / TOP_CATEGORY_FILTERS.length) % 20) + 1}`)),
    // One viewer: the viewer is another sampled profile (the most-followed among them in turn), pages from either end
    'get /api/v2/farcaster/user/:fid/followers-you-know': [
      { name: '/api/v2/farcaster/user/{fid}/followers-you-know?viewer={another sampled fid}', request: (i) => get(`/api/v2/farcaster/user/${fid(i)}/followers-you-know?viewer=${fid(i + 7)}`) },
      { name: '/api/v2/farcaster/user/{fid}/followers-you-know?viewer={another sampled fid}&last=20', request: (i) => get(`/api/v2/farcaster/user/${fid(i)}/followers-you-know?viewer=${fid(i + 7)}&last=20`) },
    ],
    'get /api/v2/farcaster/user/:fid/mutual-follows': [byFid('/api/v2/farcaster/user/{fid}/mutual-follows'), byFid('/api/v2/farcaster/user/{fid}/mutual-follows', 'last=20')],
    'get /api/v2/farcaster/user/:fid/unfollowers': [byFid('/api/v2/farcaster/user/{fid}/unfollowers'), byFid('/api/v2/farcaster/user/{fid}/unfollowers', 'last=20')],
    'get /api/v2/lens/profile/:id/followers-you-know': [
      { name: '/api/v2/lens/profile/{id}/followers-you-know?viewer={another sampled id}', request: (i) => get(`/api/v2/lens/profile/${lid(i)}/followers-you-know?viewer=${lid(i + 7)}`) },
      { name: '/api/v2/lens/profile/{id}/followers-you-know?viewer={another sampled id}&last=20', request: (i) => get(`/api/v2/lens/profile/${lid(i)}/followers-you-know?viewer=${lid(i + 7)}&last=20`) },
    ],
    'get /api/v2/lens/profile/:id/mutual-follows': [byLens('/api/v2/lens/profile/{id}/mutual-follows'), byLens('/api/v2/lens/profile/{id}/mutual-follows', 'last=20')],
    'get /api/v2/lens/profile/:id/unfollowers': [byLens('/api/v2/lens/profile/{id}/unfollowers'), byLens('/api/v2/lens/profile/{id}/unfollowers', 'last=20')],
    // Personalized rank (in memory, after the first request loads the graph): one sampled viewer, or ten, at the default and the largest radius
    'get /api/v2/farcaster/personalized-rank': [
      { name: '/api/v2/farcaster/personalized-rank?seeds={sampled fid}', request: (i) => get(`/api/v2/farcaster/personalized-rank?seeds=${fid(i)}`) },
      { name: '/api/v2/farcaster/personalized-rank?seeds={10 sampled fids}', request: (i) => get(`/api/v2/farcaster/personalized-rank?seeds=${Array.from({ length: 10 }, (_, k) => fid(i + 7 * k)).join(',')}`) },
      { name: '/api/v2/farcaster/personalized-rank?seeds={sampled fid}&hops=5&last=20', request: (i) => get(`/api/v2/farcaster/personalized-rank?seeds=${fid(i)}&hops=5&last=20`) },
    ],
    'get /api/v2/lens/personalized-rank': [
      { name: '/api/v2/lens/personalized-rank?seeds={sampled id}', request: (i) => get(`/api/v2/lens/personalized-rank?seeds=${lid(i)}`) },
      { name: '/api/v2/lens/personalized-rank?seeds={10 sampled ids}', request: (i) => get(`/api/v2/lens/personalized-rank?seeds=${Array.from({ length: 10 }, (_, k) => lid(i + 7 * k)).join(',')}`) },
      { name: '/api/v2/lens/personalized-rank?seeds={sampled id}&hops=5&last=20', request: (i) => get(`/api/v2/lens/personalized-rank?seeds=${lid(i)}&hops=5&last=20`) },
    ],
    // Who to follow (personalized rank within two follows, plus the cross-protocol ones for matched persons): a sampled viewer, a matched person's fid or profile, a quality floor
    'get /api/v2/farcaster/user/:fid/suggested-follows': [
      byFid('/api/v2/farcaster/user/{fid}/suggested-follows'),
      { name: '/api/v2/farcaster/user/{matched person fid}/suggested-follows', request: (i) => get(`/api/v2/farcaster/user/${person(i).fid}/suggested-follows`) },
      byFid('/api/v2/farcaster/user/{fid}/suggested-follows', 'minQuality=0.5'),
    ],
    'get /api/v2/lens/profile/:id/suggested-follows': [
      byLens('/api/v2/lens/profile/{id}/suggested-follows'),
      { name: '/api/v2/lens/profile/{matched person profile}/suggested-follows', request: (i) => get(`/api/v2/lens/profile/${person(i).profileId}/suggested-follows`) },
    ],
    // Channels: the generator's channel names in turn (src/datagen/farcaster-casts.ts), every window, pages from either end
    'get /api/v2/farcaster/channels/trending': [
      { name: '/api/v2/farcaster/channels/trending?window={1d,7d,30d}', request: (i) => get(`/api/v2/farcaster/channels/trending?window=${CHANNEL_WINDOWS[i % 3]}`) },
      { name: '/api/v2/farcaster/channels/trending?window=30d&last=20', request: () => get('/api/v2/farcaster/channels/trending?window=30d&last=20') },
    ],
    'get /api/v2/farcaster/channel/:id': [{ name: '/api/v2/farcaster/channel/{generated channel}', request: (i) => get(`/api/v2/farcaster/channel/${channel(i)}`) }],
    'get /api/v2/farcaster/channel/:id/ranks': [
      { name: '/api/v2/farcaster/channel/{generated channel}/ranks', request: (i) => get(`/api/v2/farcaster/channel/${channel(i)}/ranks`) },
      { name: '/api/v2/farcaster/channel/{generated channel}/ranks?last=20', request: (i) => get(`/api/v2/farcaster/channel/${channel(i)}/ranks?last=20`) },
    ],
    'get /api/v2/farcaster/casts/trending': [
      { name: '/api/v2/farcaster/casts/trending?window={1h..7d}', request: (i) => get(`/api/v2/farcaster/casts/trending?window=${CAST_WINDOW_NAMES[i % CAST_WINDOW_NAMES.length]}`) },
      { name: '/api/v2/farcaster/casts/trending?window=7d&channel={generated channel}', request: (i) => get(`/api/v2/farcaster/casts/trending?window=7d&channel=${channel(i)}`) },
      { name: '/api/v2/farcaster/casts/trending?window=7d&minAuthorScore=0.01&page=3', request: () => get('/api/v2/farcaster/casts/trending?window=7d&minAuthorScore=0.01&page=3') },
    ],
    // Trust under each strategy (one stored row each) and the rank history (every point kept, then a one-day range)
    // Notifications: the first page, and the likes alone over quality actors (the filter most clients set).
    'get /api/v2/farcaster/user/:fid/notifications': [byFid('/api/v2/farcaster/user/{fid}/notifications'), byFid('/api/v2/farcaster/user/{fid}/notifications', 'kinds=LIKE,REPOST&minQuality=0.5')],
    'get /api/v2/lens/profile/:id/notifications': [byLens('/api/v2/lens/profile/{id}/notifications'), byLens('/api/v2/lens/profile/{id}/notifications', 'kinds=LIKE,REPOST&minQuality=0.5')],
    'get /api/v2/farcaster/user/:fid/trust': [byFid('/api/v2/farcaster/user/{fid}/trust'), byFid('/api/v2/farcaster/user/{fid}/trust', 'strategy=engagement')],
    'get /api/v2/farcaster/user/:fid/rank-history': [byFid('/api/v2/farcaster/user/{fid}/rank-history'), byFid('/api/v2/farcaster/user/{fid}/rank-history', 'first=1')],
    'get /api/v2/lens/profile/:id/trust': [byLens('/api/v2/lens/profile/{id}/trust'), byLens('/api/v2/lens/profile/{id}/trust', 'strategy=engagement')],
    'get /api/v2/lens/profile/:id/rank-history': [byLens('/api/v2/lens/profile/{id}/rank-history'), byLens('/api/v2/lens/profile/{id}/rank-history', 'first=1')],
    // Across protocols: the largest matched persons among pseudo-random ones, pages from either end
    'get /api/v2/cross/overlap': [
      { name: '/api/v2/cross/overlap?fid={matched fid}&profile={its profile}', request: (i) => get(`/api/v2/cross/overlap?fid=${person(i).fid}&profile=${enc(person(i).profileId)}`) },
      { name: '/api/v2/cross/overlap?fid={matched fid}&profile={its profile}&last=20', request: (i) => get(`/api/v2/cross/overlap?fid=${person(i).fid}&profile=${enc(person(i).profileId)}&last=20`) },
    ],
    'get /api/v2/cross/overlap/counts': [
      { name: '/api/v2/cross/overlap/counts?fid={matched fid}&profile={its profile}', request: (i) => get(`/api/v2/cross/overlap/counts?fid=${person(i).fid}&profile=${enc(person(i).profileId)}`) },
    ],
    'get /api/v2/farcaster/user/:fid/cross-rank': [
      { name: '/api/v2/farcaster/user/{matched fid}/cross-rank', request: (i) => get(`/api/v2/farcaster/user/${person(i).fid}/cross-rank`) },
      byFid('/api/v2/farcaster/user/{fid}/cross-rank'),
    ],
    'get /api/v2/lens/profile/:id/cross-rank': [
      { name: '/api/v2/lens/profile/{matched id}/cross-rank', request: (i) => get(`/api/v2/lens/profile/${enc(person(i).profileId)}/cross-rank`) },
      byLens('/api/v2/lens/profile/{id}/cross-rank'),
    ],
    'get /api/v2/cross/ranking': [
      { name: '/api/v2/cross/ranking?page=1..50', request: (i) => get(`/api/v2/cross/ranking?page=${(i % 50) + 1}`) },
      { name: '/api/v2/cross/ranking?last=20', request: () => get('/api/v2/cross/ranking?last=20') },
    ],
    // Trending
    'post /api/trending/find': [trending('farcaster'), trending('lens'), trendingInCategory('farcaster'), trendingInCategory('lens')],
    // The key's own webhooks (created for the run; see benchWebhooks): the reads. Creating and deleting are
    // writes of the key's records, capped per key, not answers: not measured (see `writes`).
    'get /api/v2/webhooks': one('/api/v2/webhooks', () => get('/api/v2/webhooks')),
    'get /api/v2/webhooks/:id': one('/api/v2/webhooks/{own webhook}', (i) => get(`/api/v2/webhooks/${at(webhooks, i)}`)),
    'get /api/v2/webhooks/:id/deliveries': one('/api/v2/webhooks/{own webhook}/deliveries', (i) => get(`/api/v2/webhooks/${at(webhooks, i)}/deliveries`)),
  };
}

/** Routes whose operation writes (creating and deleting webhooks): left out of a latency run over answers. */
const writes = (r: RestRoute) => getOperationAST(r.document)?.operation === OperationTypeNode.MUTATION;

/** Webhooks of the bench key, for the webhook reads (their URL is never called: no event is stored during the run). */
async function benchWebhooks(base: string, key: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${base}/api/v2/webhooks`, {
      method: 'POST', headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:9/bench-${i}`, filter: { types: ['NEW_FOLLOWER'], fids: [i + 1] } }),
    });
    if (res.status !== 201) throw new Error(`creating a bench webhook: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

/** The collect filters top categories is measured with (query strings, each ending in `&` when not empty). */
const TOP_CATEGORY_FILTERS = ['', 'year=2023&', 'year=2024&', ...Array.from({ length: 12 }, (_, m) => `year=2024&month=${m + 1}&`), 'currency=usdc&'];

/**
 * A route added after this benchmark was written: its documented example call
 * with the path parameter swapped for sampled ids (`:fid` fids, `:id` Lens ids,
 * `:handle` usernames), so new endpoints are measured rather than missed.
 */
function fromExample(r: RestRoute, s: Sample): Variant | null {
  const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const values: Record<string, (i: number) => string> = {
    fid: (i) => String(at(s.fids, i)), id: (i) => enc(at(s.lensIds, i)), handle: (i) => enc(at(s.handles, i)),
  };
  if (params.some((p) => !values[p])) return null;
  const query = r.example.query ? `?${r.example.query}` : '';
  const method = r.method === 'post' ? 'POST' : 'GET';
  return {
    name: `${method === 'POST' ? 'POST ' : ''}${r.path.replace(/:(\w+)/g, '{$1}')}${query} (example)`,
    request: (i) => ({ method, path: `${params.reduce((p, name) => p.replace(`:${name}`, values[name](i)), r.path)}${query}`, body: r.example.body }),
  };
}

// ---------------------------------------------------------------- measuring

interface Result {
  name: string; route: string; requests: number; non200: number; statuses: Record<string, number>;
  p50: number; p95: number; p99: number; max: number; mean: number; statementsPerRequest: number;
  /** Time inside Database.read (the repositories' SQL, awaited by the app) per request; overlapping reads add up. */
  sqlMsPerRequest: number;
  /** Garbage-collection pauses of this process (the app's and the client's) inside the requests, per request; major = mark-compact. */
  gcMsPerRequest: number; majorGcs: number;
  meets: boolean;
  /** The slowest requests, with their time in Database.read and in garbage-collection pauses. */
  slowest: { request: string; ms: number; sqlMs: number; gcMs: number }[];
  /** The repository statements of this endpoint by total time (whitespace folded, cut at 160 characters). */
  statements: { sql: string; calls: number; meanMs: number; maxMs: number }[];
  errors: string[];
}

/** Times every Database.read (the repositories' SQL) while `stats` is set. */
class SqlTimer {
  stats: Map<string, { calls: number; ms: number; max: number }> | null = null;
  /** Time in reads since the last reset (the requests are sequential: the current request's). */
  requestMs = 0;

  constructor(db: Database) {
    const read = db.read.bind(db);
    const timed = async (text: string, ...params: unknown[]) => {
      const t = performance.now();
      try {
        return await read(text, ...params);
      } finally {
        const ms = performance.now() - t;
        this.requestMs += ms;
        if (this.stats) {
          const key = text.replace(/\s+/g, ' ').trim().slice(0, 160);
          const s = this.stats.get(key) ?? { calls: 0, ms: 0, max: 0 };
          s.calls += 1; s.ms += ms; s.max = Math.max(s.max, ms);
          this.stats.set(key, s);
        }
      }
    };
    db.read = timed as Database['read'];
  }
}

/**
 * The process's garbage-collection pauses, kept while `pauses` is set, so that a
 * slow request can be told from a pause of the collector: the app runs in this
 * process, so a pause stops it whichever request's garbage caused it.
 */
class GcTimer {
  pauses: { start: number; end: number; major: boolean }[] | null = null;
  private readonly observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      // A GC entry's detail is not in PerformanceEntry's typings.
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
      this.pauses?.push({ start: e.startTime, end: e.startTime + e.duration, major: kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR });
    }
  });

  constructor() { this.observer.observe({ entryTypes: ['gc'] }); }

  close() { this.observer.disconnect(); }
}

/** The pauses' time inside [start, end]. */
function pausedMs(pauses: NonNullable<GcTimer['pauses']>, start: number, end: number): number {
  let ms = 0;
  for (const p of pauses) ms += Math.max(0, Math.min(end, p.end) - Math.max(start, p.start));
  return ms;
}

/** Nearest-rank percentile of sorted values. */
const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const r2 = (x: number) => Math.round(x * 100) / 100;
const show = (r: Req) => `${r.method} ${r.path}${r.body ? ` ${JSON.stringify(r.body)}` : ''}`;

async function send(base: string, key: string, r: Req): Promise<{ ms: number; status: number; text: string }> {
  const t = performance.now();
  const res = await fetch(base + r.path, {
    method: r.method,
    headers: r.body ? { apikey: key, 'content-type': 'application/json' } : { apikey: key },
    body: r.body ? JSON.stringify(r.body) : undefined,
  });
  const text = await res.text();
  return { ms: performance.now() - t, status: res.status, text };
}

async function measure(base: string, key: string, db: Database, timer: SqlTimer, gc: GcTimer, route: string, v: Variant, n: number, warmup: number): Promise<Result> {
  // Warm-up from the other end of the sample, so the measured requests are not all repeats of it.
  for (let i = 0; i < warmup; i++) await send(base, key, v.request(-1 - i));
  const times: { ms: number; req: Req; sqlMs: number; start: number }[] = [];
  const statuses: Record<string, number> = {};
  const errors: string[] = [];
  const statementsBefore = db.statementCount;
  const sql = new Map<string, { calls: number; ms: number; max: number }>();
  timer.stats = sql;
  const pauses: NonNullable<GcTimer['pauses']> = [];
  gc.pauses = pauses;
  for (let i = 0; i < n; i++) {
    const req = v.request(i);
    timer.requestMs = 0;
    const start = performance.now();
    const { ms, status, text } = await send(base, key, req);
    times.push({ ms, req, sqlMs: timer.requestMs, start });
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status !== 200 && errors.length < 5) errors.push(`${show(req)} → ${status} ${text.slice(0, 200)}`);
  }
  timer.stats = null;
  // The observer is told of a pause after it: one turn of the loop delivers the last ones.
  await new Promise((resolve) => setImmediate(resolve));
  gc.pauses = null;
  const gcMs = (t: { start: number; ms: number }) => pausedMs(pauses, t.start, t.start + t.ms);
  const statements = db.statementCount - statementsBefore;
  const sqlMs = [...sql.values()].reduce((a, b) => a + b.ms, 0);
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const p99 = pct(sorted, 0.99);
  return {
    name: v.name, route, requests: n, non200: n - (statuses['200'] ?? 0), statuses,
    p50: r2(pct(sorted, 0.5)), p95: r2(pct(sorted, 0.95)), p99: r2(p99), max: r2(sorted[sorted.length - 1]),
    mean: r2(sorted.reduce((a, b) => a + b, 0) / n), statementsPerRequest: r2(statements / n), sqlMsPerRequest: r2(sqlMs / n),
    gcMsPerRequest: r2(times.reduce((a, t) => a + gcMs(t), 0) / n), majorGcs: pauses.filter((p) => p.major).length,
    meets: p99 < THRESHOLD_MS && n - (statuses['200'] ?? 0) === 0,
    slowest: [...times].sort((a, b) => b.ms - a.ms).slice(0, 5).map((t) => ({ request: show(t.req), ms: r2(t.ms), sqlMs: r2(t.sqlMs), gcMs: r2(gcMs(t)) })),
    statements: [...sql.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 3)
      .map(([text, st]) => ({ sql: text, calls: st.calls, meanMs: r2(st.ms / st.calls), maxMs: r2(st.max) })),
    errors,
  };
}

function printTable(results: Result[]) {
  const w = Math.max(...results.map((r) => r.name.length), 8) + 2;
  const num = (x: number) => x.toFixed(1).padStart(8);
  const lines = [
    '',
    `${'endpoint'.padEnd(w)}${'n'.padStart(5)}${'non200'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}${'sql/req'.padStart(9)}${'gc/req'.padStart(8)}${'stmt/req'.padStart(10)}  (ms)`,
    ...results.map((r) => `${r.name.padEnd(w)}${String(r.requests).padStart(5)}${String(r.non200).padStart(8)}${num(r.p50)}${num(r.p95)}${num(r.p99)}${num(r.max)}${num(r.sqlMsPerRequest).slice(-9).padStart(9)}${num(r.gcMsPerRequest)}${r.statementsPerRequest.toFixed(1).padStart(10)}  ${r.meets ? '' : r.non200 ? 'NON-200' : `> ${THRESHOLD_MS} ms p99`}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

// ---------------------------------------------------------------- main

async function main() {
  const opts = parseCli();
  const serverUrl = benchServerUrl();
  const name = opts.database;
  // A reused database needs no dataset (the network scale's files are large and deleted once loaded).
  const dataset: DatasetInfo = opts.reuse && await databaseReady(serverUrl, name)
    ? { dir: '(the reused database)', generated: false, generateSeconds: null, rows: null }
    : await ensureDataset(opts.dataDir, opts.scale, opts.seed);
  const { db, setup }: { db: Database; setup: SetupInfo } = await prepareDatabase({ serverUrl, name, datasetDir: dataset.dir, reuse: opts.reuse });
  let closeApp: (() => Promise<void>) | undefined;
  let server: Server | undefined;
  let gcTimer: GcTimer | undefined;
  try {
    if (opts.vacuum) {
      log('VACUUM (ANALYZE)');
      const t = performance.now();
      await db.sql.exec('VACUUM (ANALYZE)');
      log(`vacuumed in ${((performance.now() - t) / 1000).toFixed(1)}s`);
    }
    let warmed: { relations: WarmedRelation[]; bytes: number; seconds: number } | null = null;
    if (opts.warm) {
      const report = await warmRelations(db.sql, (r) => log(`warmed ${r.relation}: ${(r.bytes / 2 ** 20).toFixed(1)} MiB in ${r.ms} ms`));
      warmed = { relations: report.relations, bytes: report.bytes, seconds: r2(report.ms / 1000) };
    }
    const [{ version }] = await db.sql.query<{ version: string }>('SHOW server_version');
    const sample = await drawSample(db, opts.requests, opts.seed);
    log(`sample: ${sample.fids.length} fids (top followed ${sample.topFids[0]?.followers} followers), ${sample.lensIds.length} Lens ids (top ${sample.topLens[0]?.followers}), ${sample.handles.length} handles`);

    // PERSONALIZED_RANK_MAX_EDGES passes through; unset, the server's default applies (memory ÷ 128 follows; docs/performance.md#embedded-memory).
    const maxEdges = process.env.PERSONALIZED_RANK_MAX_EDGES;
    // The run's own webhooks point at a closed loopback port (never called): the target policy must admit loopback.
    const config = loadConfig({}, { DATABASE_URL: serverUrl, LOG_LEVEL: 'silent', DEFAULT_RATE_LIMIT: 1_000_000_000, PUSH_WEBHOOK_ALLOW_PRIVATE: 'on',
      ...(maxEdges === undefined ? {} : { PERSONALIZED_RANK_MAX_EDGES: Number(maxEdges) }) });
    const created = await createApp(config, db, pino({ level: 'silent' }));
    closeApp = created.close;
    const { key } = await created.keys.create({ name: 'bench-analytics', rateLimit: 1_000_000_000, scopes: ['read', 'webhooks'] });
    const listening = created.app.listen(0, '127.0.0.1');
    server = listening;
    await new Promise<void>((resolve, reject) => { listening.once('listening', resolve); listening.once('error', reject); });
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;

    const timer = new SqlTimer(db);
    gcTimer = new GcTimer();
    const webhooks = await benchWebhooks(base, key, 10);
    const table = templates(sample, webhooks);
    const untemplated: string[] = [];
    const unbenchmarked: string[] = [];
    const writeRoutes: string[] = [];
    const variants = REST_ROUTES.flatMap((r) => {
      const route = `${r.method} ${r.path}`;
      if (writes(r)) { writeRoutes.push(route); return []; }
      if (table[route]) return table[route].map((v) => ({ route, v }));
      const v = fromExample(r, sample);
      if (v) untemplated.push(route); else unbenchmarked.push(route);
      return v ? [{ route, v }] : [];
    }).filter(({ v }) => !opts.only || opts.only.test(v.name));
    for (const r of untemplated) log(`no request template for ${r}: measured on its example call`);
    for (const r of unbenchmarked) log(`no request template for ${r} and no way to vary its example: not benchmarked`);
    for (const r of writeRoutes) log(`${r} writes the key's own records: not benchmarked`);

    if (opts.waitIdle) await waitForIdle(opts.waitIdle);
    const loadBefore = os.loadavg().map(r2);
    const busyBefore = await otherActivity(db);
    if (busyBefore.length) log(`warning: other sessions are active on the server: ${busyBefore.join(' | ')}`);
    const results: Result[] = [];
    for (const { route, v } of variants) {
      const r = await measure(base, key, db, timer, gcTimer, route, v, opts.requests, opts.warmup);
      log(`${r.name}: p50 ${r.p50} p99 ${r.p99} max ${r.max} ms, sql ${r.sqlMsPerRequest} ms/req${r.non200 ? `, ${r.non200} non-200: ${r.errors[0]}` : ''}`);
      results.push(r);
    }
    const busyAfter = await otherActivity(db);
    const loadAfter = os.loadavg().map(r2);
    // A kept database gets no webhook of the run's (with one, the dispatcher would fan out later runs' events).
    for (const id of webhooks) await fetch(`${base}/api/v2/webhooks/${id}`, { method: 'DELETE', headers: { apikey: key } });
    if (loadBefore[0] >= os.cpus().length * 0.5) log(`warning: load average was ${loadBefore[0]} when measuring started: figures are pessimistic`);
    printTable(results);

    const failing = results.filter((r) => !r.meets);
    process.stdout.write(failing.length
      ? `${failing.length} of ${results.length} endpoints miss ${THRESHOLD_MS} ms p99 (or answered non-200): ${failing.map((r) => r.name).join('; ')}\n`
      : `all ${results.length} endpoints answer under ${THRESHOLD_MS} ms p99\n`);

    const report = {
      scale: opts.scale, seed: opts.seed, generatedAt: new Date().toISOString(), thresholdMs: THRESHOLD_MS,
      machine: machineInfo(version),
      dataset: { dir: dataset.dir, generated: dataset.generated, generateSeconds: dataset.generateSeconds, rows: dataset.rows },
      database: { name, reused: setup.reused, vacuumAnalyzed: opts.vacuum, warmed, poolSize: config.DB_POOL_SIZE },
      setup: { import: setup.import, refreshSeconds: setup.refreshSeconds },
      method: {
        requestsPerEndpoint: opts.requests, warmupPerEndpoint: opts.warmup, sequential: true, client: 'fetch in the same process as the app',
        percentiles: 'nearest rank over the measured requests; latency = time to the full response body',
        sample: `per protocol the ${TOP_FOLLOWED} most-followed profiles plus ${opts.requests - TOP_FOLLOWED} picked by md5(id || ':' || seed), shuffled with the seed; list routes get ${BATCH} consecutive ids of that order per request`,
        filter: opts.only ? String(opts.only) : null,
      },
      sample: {
        fids: sample.fids.length, lensIds: sample.lensIds.length, handles: sample.handles.length,
        topFollowedFarcaster: sample.topFids.slice(0, 5), topFollowedLens: sample.topLens.slice(0, 5),
      },
      loadAverage: { before: loadBefore, after: loadAfter },
      otherServerActivity: { before: busyBefore, after: busyAfter },
      routesMeasuredOnTheirExample: untemplated,
      unbenchmarkedRoutes: [...unbenchmarked, ...writeRoutes],
      summary: { endpoints: results.length, meeting: results.filter((r) => r.meets).length, failing: failing.map((r) => r.name) },
      endpoints: results,
    };
    if (opts.out) {
      mkdirSync(path.dirname(opts.out), { recursive: true });
      writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`);
      log(`wrote ${path.relative(process.cwd(), opts.out)}`);
    }
  } finally {
    gcTimer?.close();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await closeApp?.();
    await db.close();
    if (!opts.keep) {
      log(`dropping ${name}`);
      await dropDatabase(serverUrl, name).catch((err) => log(`could not drop ${name}: ${String(err)}`));
    }
  }
}

main().then(() => process.exit(0), (err) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
