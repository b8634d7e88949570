// `npm run cli -- <command>`: exit 0 on success, 1 on failure with a one-line
// reason, 2 on usage errors.
import 'reflect-metadata';
import { loadConfig } from '../config/load-config';
import { AppError } from '../errors/app-error';
import { UsageError, type CliIo } from './cli-context';
import { classifyCommand } from './commands/classify.command';
import { generateCommand } from './commands/generate.command';
import { importCommand } from './commands/import.command';
import { keysCommand } from './commands/keys.command';
import { migrateCommand } from './commands/migrate.command';
import { refreshCommand } from './commands/refresh.command';
import { USAGE } from './usage';

export async function runCli(argv: string[], io: CliIo = { out: console.log, err: console.error }): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help' || rest.includes('--help')) {
      io.out(USAGE);
      return command ? 0 : 2;
    }
    switch (command) {
      case 'migrate': await migrateCommand(rest, loadConfig(), io); break;
      case 'import': await importCommand(rest, loadConfig(), io); break;
      case 'generate': await generateCommand(rest, io); break;
      case 'keys': await keysCommand(rest, loadConfig(), io); break;
      case 'refresh': await refreshCommand(rest, loadConfig(), io); break;
      case 'classify': await classifyCommand(rest, loadConfig(), io); break;
      default: throw new UsageError(`unknown command: ${command}`);
    }
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
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
