import { parseArgs } from 'node:util';
import { checkNewKey, KeyService } from '../../auth/key.service';
import type { KeyRecord } from '../../auth/key.types';
import { parseScopes, type Scope } from '../../auth/scopes';
import { UsageError, type CommandContext } from '../cli-context';

const describe = (k: KeyRecord) =>
  `${k.id}  ${k.prefix}…  ${k.name}  scopes=${k.scopes.join(',') || 'none'}  limit=${k.rateLimit}/min  expires=${k.expiresAt?.toISOString() ?? 'never'}  ${k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active'}`;

/** `--scopes read,webhooks`; a word that is no scope is a usage error. Unset: the service's default (read only). */
function scopesOption(text: string | undefined): Scope[] | undefined {
  if (text === undefined) return undefined;
  try {
    return parseScopes(text);
  } catch (err) {
    throw new UsageError(`--scopes: ${(err as Error).message}`);
  }
}

export async function keysCommand(argv: string[], { config, io, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: { name: { type: 'string' }, scopes: { type: 'string' }, expires: { type: 'string' }, 'rate-limit': { type: 'string' }, json: { type: 'boolean' } },
  });
  const [action, id] = positionals;
  if (!['create', 'list', 'revoke', 'rotate'].includes(action ?? '')) throw new UsageError('keys needs one of: create, list, revoke, rotate');
  if ((action === 'revoke' || action === 'rotate') && !id) throw new UsageError(`keys ${action} needs a key id`);
  if (action === 'create' && !values.name) throw new UsageError('keys create needs --name');
  const rateLimit = values['rate-limit'];
  if (rateLimit !== undefined && !/^\d+$/.test(rateLimit)) throw new UsageError('--rate-limit must be a positive integer');
  const expires = values.expires ? new Date(values.expires) : undefined;
  if (expires && Number.isNaN(expires.getTime())) throw new UsageError('--expires must be an ISO 8601 date-time');
  const input = { name: values.name ?? '', rateLimit: rateLimit ? Number(rateLimit) : undefined, expiresAt: expires, scopes: scopesOption(values.scopes) };
  if (action === 'create') checkNewKey(input);

  await withDatabase(async (db) => {
    const keys = new KeyService(db, config.DEFAULT_RATE_LIMIT, 0);
    const print = (v: unknown, text: string) => io.out(values.json ? JSON.stringify(v) : text);
    if (action === 'create') {
      const k = await keys.create(input);
      print(k, `${describe(k)}\nkey: ${k.key}\n(shown once; only its hash is stored)`);
    } else if (action === 'list') {
      const list = await keys.list();
      print(list, list.length ? list.map(describe).join('\n') : 'no keys');
    } else if (action === 'revoke') {
      const k = await keys.revoke(id);
      print(k, describe(k));
    } else {
      const k = await keys.rotate(id);
      print(k, `${describe(k)}\nkey: ${k.key}\n(shown once; the old key ${id} is revoked)`);
    }
  });
}
