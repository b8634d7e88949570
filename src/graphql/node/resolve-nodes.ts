// node()/nodes(): ids are decoded first (one malformed id refuses the call, as
// any bad argument does), then grouped by type, and each type's distinct keys
// are loaded once, together.
import type { Context } from '../context.type';
import { decodeGlobalId, notAnId } from './global-id';
import { NODE_TYPES, type NodeKind } from './node-types';

interface Wanted { kind: NodeKind<unknown>; type: string; key: unknown; cacheKey: string }

function wanted(id: string, arg: string): Wanted {
  const decoded = decodeGlobalId(id);
  const kind = decoded && Object.hasOwn(NODE_TYPES, decoded.type) ? NODE_TYPES[decoded.type] : undefined;
  const key = decoded && kind ? kind.parse(decoded.key) : null;
  if (!decoded || !kind || key === null) throw notAnId(arg, id);
  return { kind, type: decoded.type, key, cacheKey: decoded.key };
}

/** The object of each id, in order; null for an id of the right form that names nothing (now). */
export async function resolveNodes(ctx: Context, ids: readonly string[], arg: string): Promise<(object | null)[]> {
  const all = ids.map((id, i) => wanted(id, ids.length === 1 ? arg : `${arg}[${i}]`));
  const groups = new Map<string, Map<string, Wanted>>();
  for (const w of all) {
    const group = groups.get(w.type) ?? new Map<string, Wanted>();
    group.set(w.cacheKey, w);
    groups.set(w.type, group);
  }
  const loaded = new Map<string, object | null>();
  await Promise.all([...groups].map(async ([type, group]) => {
    const list = [...group.values()];
    const values = await list[0].kind.load(ctx, list.map((w) => w.key));
    list.forEach((w, i) => loaded.set(`${type}:${w.cacheKey}`, values[i]));
  }));
  return all.map((w) => loaded.get(`${w.type}:${w.cacheKey}`) ?? null);
}
