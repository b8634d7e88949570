export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                              apply pending migrations (prisma/migrations)
  import <dir> [--progress auto|plain|silent] [--skip-classify] [--skip-refresh]
                                       load a dataset folder (farcaster/, lens/, lens-v3/, tokens/; CSV,
                                       CSV.gz, Parquet; see docs/dataset.md), then classify new posts
                                       and refresh the analytics
  refresh [--protocol farcaster|lens]  recompute counters, ranks, gains, history, graph scores
  sync [--backfill all|<fid>...|--reconcile <fid>...] [--once]
                                       follow the Farcaster node at HUB_URL live (progress and lag every
                                       2 s, until Ctrl-C); a new database is backfilled first; --backfill
                                       reads those fids again, --reconcile compares them with the node and
                                       repairs; --once exits after that instead of following
  sync --from-dump <dir> [--overlap-minutes N] [--once] [--skip-classify] [--skip-refresh]
                                       a new deployment: import the dump (as import does), then follow
                                       the node from the dump's time less the overlap (default 60), and
                                       reconcile a sample of fids once caught up with the node
  sync --status                        where the syncing instance stands (lag, events/s, last error)
  sync --replay-unhandled              apply the kept events this version now has a rule for
  lens-sync [--from-block N] [--to-block M] [--once]
                                       follow Lens Chain at LENS_RPC_URL live (progress and lag every 2 s,
                                       until Ctrl-C); --from-block reads the chain again from block N,
                                       --to-block stops once M is applied, --once once caught up
  lens-sync --status                   where the Lens syncing instance stands (block, lag, last error)
  classify [--rebuild]                 label new or changed posts (categories, topics, cashtags) and
                                       recount daily mentions and topics; --rebuild labels every post
                                       again (LLM_BASE_URL set: an OpenAI-compatible LLM, else built-in)
  warm [--json]                        read the live follow indexes and the profile tables into the
                                       operating system's cache (PostgreSQL's pg_prewarm), after a
                                       database restart or before serving a database larger than memory
  generate --out <dir> [--scale tiny|small|medium|large|network] [--seed N]
                                       write a synthetic dataset in the same layout
  keys create --name <name> [--scopes read|webhooks|read,webhooks] [--expires <ISO date-time>]
              [--rate-limit <per minute>] [--json]
                                       a new key; without --scopes it is read only (read: the data and
                                       the live events; webhooks: the key's webhooks and deliveries)
  keys list [--json]
  keys revoke <id> [--json]
  keys rotate <id> [--json]            new secret, same name/scopes/limit/expiry; the old key stops working

Database: DATABASE_URL (PostgreSQL) or, when unset, the embedded PGlite in DATA_DIR (default ./data);
while the server owns DATA_DIR, commands run inside it (its database and configuration).
Exit codes: 0 success, 1 failure (one-line reason on stderr), 2 usage error.`;
