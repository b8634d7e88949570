// lens/publication_open_action_module_acted_record → lens_act. Collects are the
// acts with is_collect. Resolved in the merge: the collected profile (the
// publication's author when the publication is known, else the profile half of
// its id) and a missing usd_amount (collect-usd.ts).
import { canonicalLensId, canonicalPublicationId } from '../../domain/ids';
import { bool, decimal, int8, timestamp } from '../parse-values';
import type { TableSpec } from '../table-spec';
import { needsRate, rateCte, utcDay } from '../collect-usd';

export const acts: TableSpec = {
  folder: 'lens', name: 'publication_open_action_module_acted_record', target: 'lens_act',
  required: ['history_id', 'publication_id', 'acted_profile_id', 'is_collect', 'block_timestamp'],
  columns: ['history_id', 'publication_id', 'collected_profile_id', 'acted_profile_id', 'is_collect', 'timestamp',
    'currency', 'amount', 'usd_amount', 'action_result', 'action_data'],
  key: ['history_id'],
  version: (a) => `${a}."timestamp"`,
  with: (stage) => rateCte(stage, `a.usd_amount IS NULL AND ${needsRate('a')}`),
  joins: `LEFT JOIN lens_publication pub ON pub.publication_id = s.publication_id
    LEFT JOIN rate r ON s.usd_amount IS NULL AND ${needsRate('s')}
      AND r.cur = upper(s.currency) AND r.day = ${utcDay('s."timestamp"')}`,
  select: {
    collected_profile_id: 'COALESCE(pub.profile_id, s.collected_profile_id)',
    usd_amount: 'COALESCE(s.usd_amount, s.amount * r.usd, 0)',
  },
  mapRow: (r) => {
    const publicationId = r.req('publication_id', canonicalPublicationId);
    return [r.req('history_id', int8), publicationId, publicationId.split('-')[0], r.req('acted_profile_id', canonicalLensId),
      r.req('is_collect', bool), r.req('block_timestamp', timestamp), r.text('currency')?.trim() ?? null,
      r.opt('amount', decimal), r.opt('usd_amount', decimal), r.text('action_result'), r.text('action_data')];
  },
};
