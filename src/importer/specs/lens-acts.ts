// lens/publication_open_action_module_acted_record → lens_act, and the action
// modules (publication_open_action_module[_history]) → lens_action_module.
// Collects are the acts with is_collect. Every act of one publication's module
// shares its history_id, so an act is keyed by its log: `<tx_hash>-<log_index>`,
// or the history_id when the dump has no tx columns (then it is the act's own id).
// Lens BigQuery keeps what a collect costs on the module, not on the act (an ERC-20
// address and base units); other dumps carry currency and amount on the act.
// Resolved in the merge: the collected profile (the publication's author when the
// publication is known, else the profile half of its id). Resolved once the import's
// tables are in: currency, amount in units and USD (collect-usd.ts).
import { canonicalLensId, canonicalPublicationId, normalizeHex, profileOfPublication } from '../../domain/ids';
import { bool, decimal, int8, timestamp } from '../parse-values';
import type { SourceRow } from '../source-row';
import type { TableSpec } from '../table-spec';

const ADDRESS = /^(?:0x|\\x)[0-9a-f]{40}$/i;

/** A currency as given: an EVM address lowercase `0x…`, a symbol as written. */
export function currencyOf(r: SourceRow): string | null {
  const given = r.text('currency')?.trim() ?? null;
  return given !== null && ADDRESS.test(given) ? normalizeHex(given) : given;
}

function actId(r: SourceRow, historyId: string): string {
  const tx = r.opt('tx_hash', normalizeHex);
  const log = r.opt('log_index', int8);
  return tx !== null && log !== null ? `${tx}-${log}` : historyId;
}

/**
 * The currency columns of a re-imported act keep their resolved values while its
 * source currency and amount are unchanged (an act read from a module-less layout
 * has none: it keeps what the module gave).
 */
const sameSource = `(EXCLUDED.source_currency IS NULL
  OR (EXCLUDED.source_currency, EXCLUDED.source_amount) IS NOT DISTINCT FROM (t.source_currency, t.source_amount))`;
const keepIfSame = (column: string, otherwise = 'NULL') => `CASE WHEN ${sameSource} THEN t.${column} ELSE ${otherwise} END`;

export const acts: TableSpec = {
  folder: 'lens', name: 'publication_open_action_module_acted_record', target: 'lens_act',
  required: ['history_id', 'publication_id', 'acted_profile_id', 'is_collect', 'block_timestamp'],
  columns: ['act_id', 'history_id', 'publication_id', 'collected_profile_id', 'acted_profile_id', 'is_collect', 'timestamp',
    'implementation', 'source_currency', 'source_amount', 'token_id', 'currency', 'amount', 'usd_amount', 'action_result', 'action_data'],
  key: ['act_id'],
  version: (a) => `${a}."timestamp"`,
  joins: 'LEFT JOIN lens_publication pub ON pub.publication_id = s.publication_id',
  select: { collected_profile_id: 'COALESCE(pub.profile_id, s.collected_profile_id)' },
  update: {
    source_currency: 'COALESCE(EXCLUDED.source_currency, t.source_currency)',
    source_amount: 'CASE WHEN EXCLUDED.source_currency IS NULL THEN t.source_amount ELSE EXCLUDED.source_amount END',
    token_id: keepIfSame('token_id'),
    currency: keepIfSame('currency'),
    amount: keepIfSame('amount', 'EXCLUDED.amount'),
    usd_amount: `COALESCE(EXCLUDED.usd_amount, ${keepIfSame('usd_amount')})`,
  },
  mapRow: (r) => {
    const historyId = r.req('history_id', int8);
    const publicationId = r.req('publication_id', canonicalPublicationId);
    const amount = r.opt('amount', decimal);
    return [actId(r, historyId), historyId, publicationId, profileOfPublication(publicationId), r.req('acted_profile_id', canonicalLensId),
      r.req('is_collect', bool), r.req('block_timestamp', timestamp), r.opt('implementation', normalizeHex),
      currencyOf(r), amount, null, null, amount, r.opt('usd_amount', decimal), r.text('action_result'), r.text('action_data')];
  },
};

const moduleSpec = (name: string): TableSpec => ({
  folder: 'lens', name, target: 'lens_action_module',
  required: ['publication_id', 'implementation', 'block_timestamp'],
  columns: ['publication_id', 'implementation', 'currency', 'amount', 'timestamp'], key: ['publication_id', 'implementation'],
  version: (a) => `${a}."timestamp"`,
  mapRow: (r) => [r.req('publication_id', canonicalPublicationId), r.req('implementation', normalizeHex), currencyOf(r),
    r.opt('amount', decimal), r.req('block_timestamp', timestamp)],
});

/** The current modules, and their history (a dump may have either). */
export const actionModules = moduleSpec('publication_open_action_module');
export const actionModuleHistory = moduleSpec('publication_open_action_module_history');
