// A filter as a client sends it, checked and put in canonical form (symbols
// upper-case, Lens ids canonical) before it is stored or subscribed: bad input
// is a BAD_USER_INPUT naming the field, never a subscription that matches nothing.
import { canonicalLensId } from '../domain/ids';
import { PERIODS, type Period } from '../domain/periods';
import { PROTOCOL_NAMES, type ProtocolName } from '../domain/protocols';
import type { NotificationKind } from '../domain/notifications';
import { FOLLOWER_MILESTONES, isNotificationKind, PUSH_TYPES, TRENDING_WATCHED, type PushFilter, type PushType } from '../domain/push-events';
import { badInput } from '../errors/app-error';
import { QUALITY_RANGE } from '../analytics/quality/model';
import { DEFAULT_TARGET_POLICY, resolveTarget, type TargetPolicy } from './webhook-target';

/** Most entries of one list of a filter. */
export const MAX_FILTER_LIST = 100;

export interface PushFilterInput {
  types: string[]; fids?: number[] | null; profileIds?: string[] | null; milestones?: number[] | null; protocols?: string[] | null;
  periods?: string[] | null; top?: number | null; symbols?: string[] | null; threshold?: number | null; minQuality?: number | null;
  kinds?: string[] | null;
}

function list<T>(name: string, values: T[] | null | undefined, ok: (v: T) => boolean): T[] | undefined {
  if (!values?.length) return undefined;
  if (values.length > MAX_FILTER_LIST) throw badInput(`filter.${name}: at most ${MAX_FILTER_LIST} entries`);
  const bad = values.find((v) => !ok(v));
  if (bad !== undefined) throw badInput(`filter.${name}: ${JSON.stringify(bad)} is not allowed`);
  return [...new Set(values)];
}

export function checkPushFilter(input: PushFilterInput): PushFilter {
  const types = list('types', input.types, (t) => (PUSH_TYPES as readonly string[]).includes(t)) as PushType[] | undefined;
  if (!types) throw badInput('filter.types: name at least one event type');
  const profileIds = list('profileIds', input.profileIds?.map((id) => canonicalLensId(id) ?? id), (id) => canonicalLensId(id) === id);
  const f: PushFilter = {
    types,
    fids: list('fids', input.fids, (fid) => Number.isInteger(fid) && fid >= 1),
    profileIds,
    milestones: list('milestones', input.milestones, (m) => (FOLLOWER_MILESTONES as readonly number[]).includes(m)),
    protocols: list('protocols', input.protocols, (p) => PROTOCOL_NAMES.includes(p as ProtocolName)) as ProtocolName[] | undefined,
    periods: list('periods', input.periods, (p) => p in PERIODS) as Period[] | undefined,
    symbols: list('symbols', input.symbols?.map((s) => s.toUpperCase()), (s) => /^[A-Z0-9]{1,20}$/.test(s)),
    kinds: list('kinds', input.kinds, isNotificationKind) as NotificationKind[] | undefined,
  };
  if (input.top !== undefined && input.top !== null) {
    if (!Number.isInteger(input.top) || input.top < 1 || input.top > TRENDING_WATCHED) throw badInput(`filter.top: 1..${TRENDING_WATCHED}`);
    f.top = input.top;
  }
  if (input.threshold !== undefined && input.threshold !== null) {
    if (!Number.isInteger(input.threshold) || input.threshold < 1) throw badInput('filter.threshold: a positive integer');
    f.threshold = input.threshold;
  }
  if (input.minQuality !== undefined && input.minQuality !== null) {
    if (!Number.isFinite(input.minQuality) || input.minQuality < QUALITY_RANGE.min || input.minQuality > QUALITY_RANGE.max) {
      throw badInput(`filter.minQuality: ${QUALITY_RANGE.min}..${QUALITY_RANGE.max}`);
    }
    f.minQuality = input.minQuality;
  }
  if (types.includes('TOKEN_MENTIONS_THRESHOLD') && f.threshold === undefined) throw badInput('filter.threshold: required with TOKEN_MENTIONS_THRESHOLD');
  for (const k of Object.keys(f) as (keyof PushFilter)[]) if (f[k] === undefined) delete f[k];
  return f;
}

/**
 * A webhook URL the target policy admits (webhook-target.ts: http(s), no credentials, its host resolved and
 * every address public unless the policy admits private ones), in the URL parser's normal form.
 */
export async function checkWebhookUrl(raw: string, policy: TargetPolicy = DEFAULT_TARGET_POLICY): Promise<string> {
  const checked = await resolveTarget(raw, policy);
  if (!checked.ok) throw badInput(`url: ${checked.reason}`);
  return checked.target.url.toString();
}
