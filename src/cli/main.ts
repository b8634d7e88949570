// `npm run cli -- <command>`: exit 0 on success, 1 on failure with a one-line
// reason, 2 on usage errors. On the embedded store one process owns DATA_DIR:
// when the server holds it, the command runs inside the server (through its
// admin socket); otherwise the CLI holds it for the command's duration.
import 'reflect-metadata';
import type { Config } from '../config/config.schema';
import { loadConfig } from '../config/load-config';
import { acquireDataDirLock, DataDirBusyError, embeddedDataDir, type DataDirLock } from '../db/data-dir-lock';
import type { Database } from '../db/database';
import { AppError } from '../errors/app-error';
import { runOnServer } from './admin-client';
import { databaseAccess, UsageError, type CliIo, type CommandContext } from './cli-context';
import { USAGE } from './usage';

export interface CliDeps {
  /** An open database (the server's): commands run on it and neither open nor close one, nor take the data directory lock. */
  db?: Database;
  /** Used instead of the environment's. */
  config?: Config;
  /** Where relative paths on the command line start (default: this process's folder). */
  cwd?: string;
}

type Command = (argv: string[], ctx: CommandContext) => Promise<void>;

/**
 * Each command's module is loaded when it runs: the server holds this table
 * for its admin socket, and `sync` alone brings the hub client with its chain
 * and test-data libraries (5,000 modules, tens of MB of heap) that a server
 * without HUB_URL never uses.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  migrate: async () => (await import('./commands/migrate.command')).migrateCommand,
  import: async () => (await import('./commands/import.command')).importCommand,
  keys: async () => (await import('./commands/keys.command')).keysCommand,
  refresh: async () => (await import('./commands/refresh.command')).refreshCommand,
  classify: async () => (await import('./commands/classify.command')).classifyCommand,
  sync: async () => (await import('./commands/sync.command')).syncCommand,
  'lens-sync': async () => (await import('./commands/lens-sync.command')).lensSyncCommand,
  warm: async () => (await import('./commands/warm.command')).warmCommand,
};

export async function runCli(argv: string[], io: CliIo = { out: console.log, err: console.error }, deps: CliDeps = {}): Promise<number> {
  const [command, ...rest] = argv;
  let lock: DataDirLock | undefined;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help' || rest.includes('--help')) {
      io.out(USAGE);
      return command ? 0 : 2;
    }
    if (command === 'generate') {
      await (await import('./commands/generate.command')).generateCommand(rest, io);
      return 0;
    }
    const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!load) throw new UsageError(`unknown command: ${command}`);
    const run = await load();
    const config = deps.config ?? loadConfig();
    const cwd = deps.cwd ?? process.cwd();
    const dataDir = deps.db ? undefined : embeddedDataDir(config);
    if (dataDir) {
      try {
        lock = acquireDataDirLock(dataDir, { kind: 'cli', command: argv.join(' ') });
      } catch (err) {
        if (!(err instanceof DataDirBusyError && err.holder.kind === 'server' && err.holder.adminSocket)) throw err;
        return await runOnServer(err, { argv, cwd }, io);
      }
    }
    await run(rest, { config, io, cwd, withDatabase: databaseAccess(config, deps.db) });
    return 0;
  } catch (err) {
    // node:util parseArgs reports unknown or malformed options with these codes.
    // Other errors may carry a numeric code (a JSON-RPC error's, for one).
    const raw = (err as { code?: unknown }).code;
    const code = typeof raw === 'string' ? raw : '';
    if (err instanceof UsageError || code.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(err as Error).message}\n\n${USAGE}`);
      return 2;
    }
    const message = err instanceof AppError || err instanceof Error ? err.message : String(err);
    io.err(`error: ${message.split('\n')[0]}`);
    return 1;
  } finally {
    lock?.release();
  }
}

if (require.main === module) {
  // Nothing is left to await it: runCli answers its own failures with an exit code, and a rejection it
  // lets through still ends the process with the stack (Node's unhandled-rejection exit).
  void runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
