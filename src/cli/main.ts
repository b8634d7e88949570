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
import { classifyCommand } from './commands/classify.command';
import { generateCommand } from './commands/generate.command';
import { importCommand } from './commands/import.command';
import { keysCommand } from './commands/keys.command';
import { migrateCommand } from './commands/migrate.command';
import { refreshCommand } from './commands/refresh.command';
import { syncCommand } from './commands/sync.command';
import { USAGE } from './usage';

export interface CliDeps {
  /** An open database (the server's): commands run on it and neither open nor close one, nor take the data directory lock. */
  db?: Database;
  /** Used instead of the environment's. */
  config?: Config;
  /** Where relative paths on the command line start (default: this process's folder). */
  cwd?: string;
}

const COMMANDS: Record<string, (argv: string[], ctx: CommandContext) => Promise<void>> = {
  migrate: migrateCommand, import: importCommand, keys: keysCommand, refresh: refreshCommand, classify: classifyCommand, sync: syncCommand,
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
      await generateCommand(rest, io);
      return 0;
    }
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`unknown command: ${command}`);
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
    const code = (err as { code?: string }).code ?? '';
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
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
