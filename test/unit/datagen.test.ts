import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateDataset, type GenerateSummary } from '../../src/datagen/generate';

// Header columns per table, as DATASET.md lists them (optional ones included).
const TABLES: Record<string, string[]> = {
  'farcaster/fids': ['fid', 'registered_at', 'custody_address'],
  'farcaster/fnames': ['fid', 'fname', 'deleted_at'],
  'farcaster/user_data': ['fid', 'type', 'value', 'timestamp', 'deleted_at'],
  'farcaster/links': ['fid', 'target_fid', 'type', 'timestamp', 'deleted_at'],
  'farcaster/casts': ['fid', 'hash', 'parent_fid', 'parent_hash', 'root_parent_hash', 'parent_url', 'text', 'embeds', 'mentions', 'timestamp', 'deleted_at'],
  'farcaster/reactions': ['fid', 'reaction_type', 'target_fid', 'target_hash', 'timestamp', 'deleted_at'],
  'farcaster/verifications': ['fid', 'address', 'protocol', 'timestamp', 'deleted_at'],
  'lens/profile_record': ['profile_id', 'owned_by', 'is_burnt', 'block_timestamp'],
  'lens/profile_metadata': ['profile_id', 'name', 'bio', 'picture', 'cover_picture', 'block_timestamp'],
  'lens/namespace_handle': ['profile_id', 'local_name'],
  'lens/profile_follower': ['profile_id', 'profile_follower_id', 'block_timestamp', 'deleted_at'],
  'lens/publication_record': ['publication_id', 'profile_id', 'publication_type', 'parent_publication_id', 'block_timestamp', 'is_hidden'],
  'lens/publication_metadata': ['publication_id', 'content', 'main_content_focus', 'tags_vector'],
  'lens/publication_reaction': ['publication_id', 'actioned_by_profile_id', 'type', 'action_at'],
  'lens/publication_open_action_module_acted_record': ['history_id', 'publication_id', 'acted_profile_id', 'is_collect', 'block_timestamp', 'currency', 'amount', 'usd_amount', 'action_result', 'action_data'],
  'lens/machine_learning_quality_profiles': ['profile_id', 'score'],
  'tokens/tokens': ['id', 'chain', 'symbol', 'name', 'description', 'decimals', 'image', 'twitter', 'telegram', 'website', 'genesis_date', 'address', 'buyers'],
  'tokens/token_categories': ['id', 'token_id', 'address', 'chain', 'category'],
  'tokens/markets': ['id', 'token_id', 'address', 'chain', 'identifier'],
  'tokens/prices': ['id', 'token_id', 'address', 'chain', 'created_at', 'price_usd', 'ath', 'atl', 'market_cap',
    ...['24h', '7d', '14d', '30d', '60d', '200d', '1y'].map((w) => `price_change_percentage_${w}`)],
};

/** Minimal RFC 4180 reader (independent of the writer under test). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; }
    else if (ch === '\n') { row.push(field); rows.push(row); row = []; field = ''; }
    else if (ch !== '\r') field += ch;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows;
}

/** The table files (in the top-level folders); the top level holds spam-labels.csv beside them, which is not data. */
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const sub of await readdir(dir, { withFileTypes: true })) {
    if (sub.isDirectory()) for (const f of await readdir(path.join(dir, sub.name))) out.push(`${sub.name}/${f}`);
  }
  return out.sort();
}

describe('generateDataset', () => {
  let dirA: string;
  let dirB: string;
  let dirC: string;
  let summary: GenerateSummary;
  const tables = new Map<string, Record<string, string>[]>();

  /** Rows of a table in dirA as objects keyed by header. */
  async function table(name: string): Promise<Record<string, string>[]> {
    let rows = tables.get(name);
    if (!rows) {
      const [header, ...data] = parseCsv(await readFile(path.join(dirA, `${name}.csv`), 'utf8'));
      rows = data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
      tables.set(name, rows);
    }
    return rows;
  }

  beforeAll(async () => {
    [dirA, dirB, dirC] = await Promise.all([1, 2, 3].map(() => mkdtemp(path.join(os.tmpdir(), 'datagen-test-'))));
    summary = await generateDataset({ out: dirA, scale: 'tiny', seed: 7 });
    await generateDataset({ out: dirB, scale: 'tiny', seed: 7 });
    await generateDataset({ out: dirC, scale: 'tiny', seed: 8 });
  });

  afterAll(async () => {
    await Promise.all([dirA, dirB, dirC].filter((d): d is string => !!d).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('when generated twice with the same seed, then every file is byte-identical', async () => {
    const files = await listFiles(dirA);
    expect(await listFiles(dirB)).toEqual(files);
    for (const f of files) {
      const [a, b] = await Promise.all([readFile(path.join(dirA, f)), readFile(path.join(dirB, f))]);
      expect(a.equals(b)).toBe(true);
    }
  });

  it('when generated with a different seed, then the data differs', async () => {
    for (const f of ['farcaster/links.csv', 'farcaster/casts.csv', 'lens/profile_follower.csv', 'tokens/prices.csv']) {
      const [a, c] = await Promise.all([readFile(path.join(dirA, f)), readFile(path.join(dirC, f))]);
      expect(a.equals(c)).toBe(false);
    }
  });

  it('when generated, then every table exists with the header columns of DATASET.md and the summary counts its rows', async () => {
    expect(await listFiles(dirA)).toEqual(Object.keys(TABLES).map((t) => `${t}.csv`).sort());
    for (const [name, columns] of Object.entries(TABLES)) {
      const text = await readFile(path.join(dirA, `${name}.csv`), 'utf8');
      const rows = parseCsv(text);
      expect(rows[0]).toEqual(columns);
      expect(rows.length - 1).toBe(summary.tables[name]);
      expect(summary.tables[name]).toBeGreaterThan(0);
      expect(rows.filter((r) => r.length !== columns.length)).toEqual([]);
    }
    expect(summary.endTime).toBe('2024-06-30T23:59:59.000Z');
    expect(summary.scale).toBe('tiny');
    expect(summary.seed).toBe(7);
  });

  it('when counting followers, then in-degree is heavy-tailed (max > 20 × median)', async () => {
    const fids = await table('farcaster/fids');
    const inDegree = new Map<string, number>(fids.map((f) => [f.fid, 0]));
    for (const l of await table('farcaster/links')) {
      if (l.type === 'follow') inDegree.set(l.target_fid, (inDegree.get(l.target_fid) ?? 0) + 1);
    }
    const degrees = [...inDegree.values()].sort((a, b) => a - b);
    const median = degrees[Math.floor(degrees.length / 2)];
    expect(median).toBeGreaterThan(0);
    expect(degrees[degrees.length - 1]).toBeGreaterThan(20 * median);
  });

  it('when reading follows, then there are no self-follows and no duplicate pairs', async () => {
    const links = await table('farcaster/links');
    expect(links.filter((l) => l.fid === l.target_fid)).toEqual([]);
    expect(new Set(links.map((l) => `${l.fid}>${l.target_fid}`)).size).toBe(links.length);
  });

  it('when reading mutable tables, then some rows have deleted_at after their timestamp', async () => {
    for (const name of ['farcaster/links', 'farcaster/casts', 'farcaster/reactions', 'farcaster/fnames', 'lens/profile_follower']) {
      const deleted = (await table(name)).filter((r) => r.deleted_at);
      expect(deleted.length).toBeGreaterThan(0);
      expect(deleted.filter((r) => r.timestamp && Date.parse(r.deleted_at) <= Date.parse(r.timestamp))).toEqual([]);
    }
  });

  it('when comparing Farcaster verifications with Lens owners, then some address is shared (ignoring case)', async () => {
    const verified = new Set((await table('farcaster/verifications')).map((v) => v.address.toLowerCase()));
    const shared = (await table('lens/profile_record')).filter((p) => verified.has(p.owned_by.toLowerCase()));
    expect(shared.length).toBeGreaterThan(0);
  });

  it('when reading cast text, then some casts mention $ cashtags', async () => {
    const withCashtag = (await table('farcaster/casts')).filter((c) => /\$[A-Za-z]{2,}/.test(c.text));
    expect(withCashtag.length).toBeGreaterThan(10);
  });

  it('when reading cast hashes, then both 0x and \\x spellings occur and replies point at existing casts', async () => {
    const casts = await table('farcaster/casts');
    expect(casts.some((c) => c.hash.startsWith('\\x'))).toBe(true);
    expect(casts.some((c) => c.hash.startsWith('0x'))).toBe(true);
    const norm = (h: string): string => `0x${h.slice(2).toLowerCase()}`;
    const known = new Set(casts.map((c) => norm(c.hash)));
    expect(casts.filter((c) => c.parent_hash && !known.has(norm(c.parent_hash)))).toEqual([]);
  });

  it('when reading Lens acted records, then several currencies and both is_collect values occur', async () => {
    const acted = await table('lens/publication_open_action_module_acted_record');
    const currencies = new Set(acted.map((a) => a.currency).filter(Boolean));
    expect(currencies.size).toBeGreaterThanOrEqual(3);
    expect(new Set(acted.map((a) => a.is_collect))).toEqual(new Set(['true', 'false']));
    for (const a of acted) expect(() => JSON.parse(a.action_data)).not.toThrow();
  });

  it('when reading token prices, then every token has a decimal price for every window day', async () => {
    const prices = await table('tokens/prices');
    const tokens = await table('tokens/tokens');
    expect(prices).toHaveLength(tokens.length * 182);
    expect(prices.filter((p) => !/^\d+(\.\d+)?$/.test(p.price_usd))).toEqual([]);
  });
});
