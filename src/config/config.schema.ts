// The one configuration schema. Every setting the service reads is here,
// validated once at start-up; nothing else reads process.env.
import { z } from 'zod';
import { availableMemoryBytes, defaultRankMaxEdges } from './memory-budget';

const optionalUrl = z.string().trim().min(1).optional().or(z.literal('').transform(() => undefined));

/** An EVM contract address, answered lowercase. */
const lensAddress = (mainnet: string) => z.string().trim().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits')
  .default(mainnet).transform((v) => v.toLowerCase() as `0x${string}`);

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalUrl,
  /**
   * Streaming replicas of DATABASE_URL (comma-separated URLs): each request's reads go to one usable replica, writes,
   * jobs and API keys to the primary (docs/deployment.md). Needs DATABASE_URL.
   */
  DATABASE_REPLICA_URLS: z.string().default('')
    .transform((v) => v.split(',').map((u) => u.trim()).filter(Boolean))
    .pipe(z.array(z.string().url().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'))),
  /** A replica further behind the primary than this (measured from WAL positions) gets no new requests until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(5_000),
  /** Where the embedded PGlite keeps its files when DATABASE_URL is not set. */
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: optionalUrl,
  /**
   * A Redis command (rate limits) not answered within this many ms counts as a failure: the limits
   * fall back to per-instance memory, so a silent Redis stall costs a request at most this once.
   */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(1000).default(250),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Size of the Postgres connection pool of one instance (a refresh holds one for its lock and runs on two more). */
  DB_POOL_SIZE: z.coerce.number().int().min(3).max(200).default(10),
  /** Longest a request may take; past it the answer is a 503 and its database work is cancelled. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Postgres statement_timeout of request queries (import, refresh and classify have none). 0 = none. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  /** How long a request waits for a database connection before a 503. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(50).default(2_000),
  /**
   * How long a pooled request connection may sit idle before it is closed. A new server process pays again for
   * what an old one had cached (catalog entries, its first touch of each shared buffer page), so its first
   * statements of each kind are slower: a quiet instance keeps its connections rather than reopening them.
   */
  DB_POOL_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(300_000),
  /** Postgres health check: ping period and timeout. A ping unanswered within the timeout marks the database down (503 at once, /readyz not ready) until one succeeds. */
  DB_HEALTH_INTERVAL_MS: z.coerce.number().int().min(50).default(100),
  DB_HEALTH_TIMEOUT_MS: z.coerce.number().int().min(50).default(400),
  /** On SIGTERM/SIGINT: how long requests in flight may take to finish before the process exits anyway. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(10_000),
  /** Per-minute request budget of a key created without --rate-limit. */
  DEFAULT_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** How long a verified key is trusted before it is looked up again. */
  KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** Entries in each of the two key caches (valid keys; unknown, revoked or expired ones), least recently used evicted. */
  KEY_CACHE_SIZE: z.coerce.number().int().min(1).default(10000),
  /** Failed keys (unknown, revoked, expired) one client address may present per minute; then 429 without a lookup. */
  AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** The embedded database's shared_buffers in MB: its memory grows to hold them and never gives them back. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  /** On the embedded default: load a generated demo dataset on first start. */
  DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
  DEMO_SCALE: z.enum(['tiny', 'small', 'medium']).default('small'),
  /**
   * Seconds between periodic analytics refreshes (ranks, bands, gains, trending, graph score) in the
   * server; unset = only after imports / by the CLI, or every 60 s while the server syncs live.
   */
  REFRESH_INTERVAL: z.coerce.number().int().min(10).optional(),
  /** Graph score: weight of the follow graph against the pretrust jump (PageRank damping). */
  GRAPH_ALPHA: z.coerce.number().gt(0).lt(1).default(0.85),
  /** Graph score: iterate until the L1 change is below this. */
  GRAPH_TOLERANCE: z.coerce.number().positive().default(1e-9),
  /** Graph score pretrust sets (comma separated fids / Lens ids); unset = uniform over all profiles. */
  GRAPH_PRETRUST_FARCASTER: z.string().optional(),
  GRAPH_PRETRUST_LENS: z.string().optional(),
  /**
   * Personalized rank: most live follows a protocol's in-memory graph may hold (4 bytes each, plus 20 per
   * profile). A larger graph is not loaded and the rank answers SERVICE_UNAVAILABLE; 0 turns the rank off (no
   * graph is ever loaded). By default the follows whose load (16 bytes each) fits in an eighth of the memory the
   * process may use (defaultRankMaxEdges; docs/performance.md#embedded-memory).
   */
  PERSONALIZED_RANK_MAX_EDGES: z.coerce.number().int().min(0).max(500_000_000)
    .default(() => defaultRankMaxEdges(availableMemoryBytes())),
  /**
   * Personalized rank: the work cap of one rank, in follows pushed on a neighbourhood that fits the CPU's
   * caches; one that does not (more follows than the cap, or a copy over 4 MiB) is pushed from the graph's
   * rows and counts each follow three times, and reading a follow to find it a quarter of that. It bounds a
   * request's CPU time; a rank it stops states a larger error bound.
   * The default is the algorithm's own (DEFAULT_MAX_WORK; a test keeps them equal; docs/performance.md#personalized-rank).
   */
  PERSONALIZED_RANK_MAX_WORK: z.coerce.number().int().min(1000).max(100_000_000).default(500_000),
  /**
   * Personalized rank: `on` loads both protocols' graphs when the server starts, in the background, instead of at
   * the first rank request (a large graph's load is long; meanwhile rank requests answer 503 with its progress
   * and a Retry-After; docs/performance.md#follow-graph-load). `off` (default) spends no memory on a graph until a rank is asked for.
   */
  PERSONALIZED_RANK_PRELOAD: z.enum(['on', 'off']).default('off'),
  /**
   * `on` (default): once it serves, the server reads what `cli warm` reads into the operating system's page cache
   * (PostgreSQL only), in the background, one instance at a time; /readyz shows it (`warm`). `off` leaves the
   * cache to fill as requests read.
   */
  WARM_AT_START: z.enum(['on', 'off']).default('on'),
  /**
   * Channel-scoped ranks (Farcaster): the refresh ranks the casters of at most this many channels, those with the
   * most casters (a personalized PageRank over the whole follow graph each: the step's cost grows with it; 0 = none).
   */
  CHANNEL_RANK_CHANNELS: z.coerce.number().int().min(0).max(1000).default(20),
  /** Channels with fewer casters get no channel-scoped ranks. */
  CHANNEL_RANK_MIN_CASTERS: z.coerce.number().int().min(1).default(3),
  /**
   * Days the rank history keeps each refresh's points (one row per profile per refresh; the refresh deletes
   * older ones); 0 keeps none.
   */
  RANK_HISTORY_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /**
   * Minutes between two rank history points: a refresh adds one only when the newest is at least this old, so a
   * refresh every 60 s beside a live sync does not write every profile 1,440 times a day; 0 = a point per refresh.
   */
  RANK_HISTORY_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(525_600).default(1440),
  /**
   * Behind a load balancer: which proxies' X-Forwarded-For to trust, so limits per client address see the client,
   * not the balancer (Express's `trust proxy`: `true`, a hop count, or comma-separated addresses/subnets). Unset = none.
   */
  TRUST_PROXY: z.string().trim().optional(),
  /** Origins a browser may call the API from: `*` or a comma-separated list (`https://app.example,http://localhost:3000`). */
  CORS_ORIGINS: z.string().default('*'),
  /**
   * Answers kept per instance, in MB of JSON text, under the data versions they were computed at (0 = off).
   * With REDIS_URL they are shared with the other instances for ANSWER_CACHE_TTL_SECONDS.
   */
  ANSWER_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  ANSWER_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).default(600),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).default(10),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(30),
  /** Most answer nodes an operation may ask for, counted before it runs (list sizes from ids, first/limit, ranges; docs/api.md). */
  GRAPHQL_MAX_COST: z.coerce.number().int().min(100).default(20000),
  /** Largest answer in bytes (GraphQL and REST); a larger one is refused with a 400 instead of being sent. */
  GRAPHQL_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).default(5_000_000),
  /** Largest query text in bytes (POST, GET, a persisted query when it is registered), checked before parsing; the body limit (100 KB) holds whatever this says. */
  GRAPHQL_MAX_QUERY_BYTES: z.coerce.number().int().min(1024).default(32_768),
  /** Most tokens in a query's text (names, punctuation, values; commas and comments are not tokens), counted before parsing. */
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(500).default(5000),
  /** Deepest nesting of `[`/`{` in a query's text or its variables, checked before parsing. */
  GRAPHQL_MAX_NESTING: z.coerce.number().int().min(8).max(1000).default(64),
  /** Content classifier: an OpenAI-compatible chat-completions server (`…/v1`); unset = the built-in lexicon classifier. */
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  /** Posts sent in one chat-completions request. */
  LLM_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(20),
  /** Requests in flight at once. */
  LLM_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** Per request; a timed-out request is retried like a 5xx. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30000),
  /** Retries after the first attempt (exponential backoff), then the batch falls back to the lexicon classifier. */
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** A Farcaster node's gRPC API (Snapchain or a provider), `host:port` or `https://host:port`: the service follows it live. */
  HUB_URL: optionalUrl,
  HUB_TLS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Sent in HUB_API_KEY_HEADER on every call (hosted nodes). */
  HUB_API_KEY: z.string().optional(),
  HUB_API_KEY_HEADER: z.string().trim().min(1).default('x-api-key'),
  /** Longest one call to the node may take. */
  HUB_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** With HUB_URL: 'auto' runs the sync in the server (one instance syncs, the others serve); 'off' leaves it to `npm run cli -- sync`. */
  SYNC: z.enum(['auto', 'off']).default('auto'),
  /** A stream silent this long while the node's head moves is reconnected. */
  SYNC_STALL_MS: z.coerce.number().int().min(500).default(15_000),
  /** How often the node's heads are read (lag, stall detection). */
  SYNC_HEAD_POLL_MS: z.coerce.number().int().min(100).default(2_000),
  /** Reconnect backoff: first wait, doubled per failure up to the max. */
  SYNC_RECONNECT_MIN_MS: z.coerce.number().int().min(10).default(500),
  SYNC_RECONNECT_MAX_MS: z.coerce.number().int().min(100).default(30_000),
  /** Most events stored in one transaction. */
  SYNC_BATCH_EVENTS: z.coerce.number().int().min(1).max(100_000).default(5_000),
  /** 'auto': a new database is backfilled from the node (and an interrupted backfill resumes); 'off': live events only. */
  SYNC_BACKFILL: z.enum(['auto', 'off']).default('auto'),
  SYNC_BACKFILL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Seconds between reconcile rounds (0 = none); fids compared per round; fids read per second. */
  SYNC_RECONCILE_INTERVAL: z.coerce.number().int().min(0).default(300),
  SYNC_RECONCILE_SAMPLE: z.coerce.number().int().min(1).default(20),
  SYNC_RECONCILE_PER_SECOND: z.coerce.number().positive().default(2),
  /** A Lens Chain JSON-RPC endpoint (`https://rpc.lens.xyz` or your own node): the service follows Lens v3 live (src/lens-sync/). */
  LENS_RPC_URL: optionalUrl,
  /** The chain the endpoint must serve (checked with eth_chainId at start): Lens Chain mainnet is 232. */
  LENS_CHAIN_ID: z.coerce.number().int().min(1).default(232),
  /** With LENS_RPC_URL: 'auto' runs the Lens sync in the server (one instance syncs); 'off' leaves it to `npm run cli -- lens-sync`. */
  LENS_SYNC: z.enum(['auto', 'off']).default('auto'),
  /** A block is applied once this many blocks follow it; a reorg deeper than this is rewound (undone, then read again). */
  LENS_SYNC_CONFIRMATIONS: z.coerce.number().int().min(0).max(10_000).default(10),
  /** Applied batches kept undoable (their rows' previous versions): a reorg deeper than this stops the sync with an error. */
  LENS_SYNC_UNDO_BLOCKS: z.coerce.number().int().min(1).default(2_000),
  /** Most blocks read by one eth_getLogs and applied in one transaction (halved while a provider refuses the range). */
  LENS_SYNC_CHUNK_BLOCKS: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** How often the chain's head is read while at it. */
  LENS_SYNC_HEAD_POLL_MS: z.coerce.number().int().min(50).default(1_000),
  /** Longest one JSON-RPC call may take; a call that fails or times out is retried (LENS_SYNC_RETRY_*). */
  LENS_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Largest JSON-RPC answer read (a chunk's logs); a larger one fails the call and the chunk is halved. */
  LENS_RPC_MAX_RESPONSE_MB: z.coerce.number().int().min(1).max(1024).default(64),
  /** Backoff after a failed step (RPC or database): first wait, doubled per failure up to the max. */
  LENS_SYNC_RETRY_MIN_MS: z.coerce.number().int().min(10).default(500),
  LENS_SYNC_RETRY_MAX_MS: z.coerce.number().int().min(100).default(30_000),
  /** Where a database that follows no chain yet starts: unset = the confirmed head (live only; older blocks by `lens-sync --from-block`). */
  LENS_SYNC_START_BLOCK: z.coerce.number().int().min(0).optional(),
  /** Lens v3 contracts followed; defaults are Lens Chain mainnet's (lens.xyz/docs/protocol/resources/contracts). */
  LENS_ACCOUNT_FACTORY: lensAddress('0x26C7fd63B06deb4F9E4B5955D540767b9Ac7bbaa'),
  LENS_GRAPH: lensAddress('0x433025d9718302E7B2e1853D712d96F00764513F'),
  LENS_FEED: lensAddress('0xcB5E109FFC0E15565082d78E68dDDf2573703580'),
  LENS_NAMESPACE: lensAddress('0x1aA55B9042f08f45825dC4b651B64c9F98Af4615'),
  LENS_ACTION_HUB: lensAddress('0xc6d57ee750ef2ee017a9e985a0c4198bed16a802'),
  /** The action whose executions are collects (the others, tips included, are acts that are not collects). */
  LENS_COLLECT_ACTION: lensAddress('0x1cee1cd464c4e44e80acdb0b0e33f88849070f6e'),
  /** 'on': this instance serves subscriptions and delivers webhooks (every instance may); 'off': neither (events are still stored). */
  PUSH: z.enum(['on', 'off']).default('on'),
  /** Which engine answers user and post search (queries/search-backend.ts SEARCH_BACKENDS); 'postgres': the database itself. */
  SEARCH_BACKEND: z.enum(['postgres']).default('postgres'),
  /** Fallback poll of the outbox and of due webhook retries (a NOTIFY wakes the dispatcher sooner). */
  PUSH_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1_000),
  /** One webhook POST may take this long; a slower receiver's attempt counts as failed. */
  PUSH_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Attempts per delivery (the first included) before it is failed for good. */
  PUSH_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  /** A delivery older than this (seconds since its event) is failed for good at its next failure. */
  PUSH_WEBHOOK_MAX_AGE_S: z.coerce.number().int().min(1).default(86_400),
  /** Retry backoff: the first wait, doubled per attempt up to the max, with jitter (half to all of it). */
  PUSH_RETRY_BASE_MS: z.coerce.number().int().min(10).default(1_000),
  PUSH_RETRY_MAX_MS: z.coerce.number().int().min(10).default(600_000),
  /** Webhook POSTs in flight per instance. */
  PUSH_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** Outbox events (after fan-out) and finished deliveries (the delivery log) are kept this long. */
  PUSH_RETENTION_HOURS: z.coerce.number().int().min(1).default(72),
  /** Webhooks one API key may register. */
  PUSH_MAX_WEBHOOKS_PER_KEY: z.coerce.number().int().min(1).default(20),
  /**
   * `on` admits webhook targets on loopback and private addresses (and `localhost`), for local development and
   * tests; `off` (default) refuses them, at create and before every attempt, so a key cannot make the service POST
   * inside its own network. Link-local, cloud metadata and the other special-purpose addresses stay refused.
   */
  PUSH_WEBHOOK_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  /** `on` refuses plain http:// webhook targets, at create and before every attempt. */
  PUSH_WEBHOOK_HTTPS_ONLY: z.enum(['on', 'off']).default('off'),
}).superRefine((c, ctx) => {
  if (c.LENS_SYNC_RETRY_MAX_MS < c.LENS_SYNC_RETRY_MIN_MS) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['LENS_SYNC_RETRY_MAX_MS'], message: 'must be at least LENS_SYNC_RETRY_MIN_MS' });
  }
  if (c.PUSH_RETRY_MAX_MS < c.PUSH_RETRY_BASE_MS) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['PUSH_RETRY_MAX_MS'], message: 'must be at least PUSH_RETRY_BASE_MS' });
  }
  // The embedded PGlite has no replicas: a replica list without a primary is a mistake, not something to ignore.
  if (c.DATABASE_REPLICA_URLS.length > 0 && !c.DATABASE_URL) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['DATABASE_REPLICA_URLS'], message: 'needs DATABASE_URL (the primary); the embedded PGlite has no replicas' });
  }
});

export type Config = z.infer<typeof configSchema>;
