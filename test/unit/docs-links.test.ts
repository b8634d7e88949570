// Every relative link of the repository's markdown files, and every `docs/….md#anchor` the code and tests name,
// points at a file that exists and, with an anchor, at a heading (or an `id`) of that document as GitHub renders it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
/** Not the repository's own text: dependencies, build output, generated code, git's and tools' folders. */
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', 'generated']);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, keep);
    return entry.isFile() && keep(entry.name) ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code spans, line by line (links in code are not links). */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      return '';
    }
    if (marker) { fence = marker; return ''; }
    return line.replace(/(`+)[^`]*?\1/g, '');
  });
}

/** GitHub's anchor for a heading: its text lower-cased, punctuation dropped, each space a hyphen. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/<[^>]+>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '');
  return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** The anchors a markdown document offers: one per heading (repeats numbered -1, -2 …) and every `id`/`name`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      continue;
    }
    if (marker) { fence = marker; continue; }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = slugOf(heading);
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      anchors.add(n === 0 ? slug : `${slug}-${n}`);
    }
    for (const m of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  }
  return anchors;
}

/** The link targets of a markdown document outside code: inline links and images, reference definitions, hrefs. */
function linksOf(markdown: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  proseLines(markdown).forEach((text, i) => {
    for (const m of text.matchAll(/\]\(\s*<?([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ line: i + 1, target: m[1] });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+["'(].*)?$/.exec(text);
    if (definition) links.push({ line: i + 1, target: definition[1] });
    for (const m of text.matchAll(/<a\s[^>]*\bhref="([^"]+)"/g)) links.push({ line: i + 1, target: m[1] });
  });
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** What is wrong with a relative link from `from` (a file), or null: a missing file or folder, or a missing anchor. */
function brokenLink(from: string, target: string, read = (file: string) => readFileSync(file, 'utf8')): string | null {
  const hash = target.indexOf('#');
  const file = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const resolved = file === '' ? from : path.resolve(path.dirname(from), file);
  if (!existsSync(resolved)) return `${target}: no file ${path.relative(ROOT, resolved)}`;
  if (anchor === null || anchor === '' || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) return null;
  return anchorsOf(read(resolved)).has(anchor) ? null : `${target}: no heading or id "${anchor}" in ${path.relative(ROOT, resolved)}`;
}

const markdownFiles = filesUnder(ROOT, (name) => name.endsWith('.md'));

describe('the link checker', () => {
  it('when headings carry code, links, punctuation and repeats, then their anchors are the ones GitHub renders', () => {
    const doc = [
      '# API reference', '## Freshness: asOf and the As-Of headers', '### `small`', '## Sync (no dataset scale)',
      "## Personalized rank: a viewer's or a group's own ranking (`/api/v2`)", '## Farcaster ↔ Lens match',
      '## [OpenAPI](rest.md)', '## Notes', '## Notes', '```', '## not a heading', '```', '<a id="kept-anchor"></a>',
    ].join('\n');
    expect([...anchorsOf(doc)]).toEqual([
      'api-reference', 'freshness-asof-and-the-as-of-headers', 'small', 'sync-no-dataset-scale',
      'personalized-rank-a-viewers-or-a-groups-own-ranking-apiv2', 'farcaster--lens-match', 'openapi', 'notes', 'notes-1',
      'kept-anchor',
    ]);
  });

  it('when a document links in prose, in code and by reference, then only the prose and reference links are read', () => {
    const doc = 'See [a](a.md#x) and `[b](b.md)`.\n```\n[c](c.md)\n```\n[d]: d.md\n<a href="e.md">e</a> [f](https://example.com)';
    expect(linksOf(doc).map((l) => l.target)).toEqual(['a.md#x', 'd.md', 'https://example.com', 'e.md']);
  });

  it('when a link names a missing file or a missing anchor, then it is reported, and a good one is not', () => {
    const from = path.join(ROOT, 'docs/README.md');
    expect(brokenLink(from, 'api.md#errors')).toBeNull();
    expect(brokenLink(from, 'bench/')).toBeNull();
    expect(brokenLink(from, 'no-such-doc.md')).toMatch(/no file docs\/no-such-doc\.md/);
    expect(brokenLink(from, 'api.md#no-such-section')).toMatch(/no heading or id "no-such-section" in docs\/api\.md/);
    expect(brokenLink(from, '#no-such-section')).toMatch(/in docs\/README\.md/);
  });
});

describe('relative links and anchors', () => {
  it('when every markdown file of the repository is read, then each relative link names an existing file and, with an anchor, a heading of it', () => {
    const links = markdownFiles.flatMap((file) => linksOf(readFileSync(file, 'utf8'))
      .filter((l) => !isExternal(l.target))
      .map((l) => ({ at: `${path.relative(ROOT, file)}:${l.line}`, problem: brokenLink(file, l.target) })));
    expect(markdownFiles.length).toBeGreaterThan(30);
    expect(links.length).toBeGreaterThan(200);
    expect(links.filter((l) => l.problem !== null).map((l) => `${l.at}: ${l.problem}`)).toEqual([]);
  });

  it('when the code, scripts and tests name a docs/….md#anchor, then the document has that heading', () => {
    const sources = ['src', 'scripts', 'test'].flatMap((dir) => filesUnder(path.join(ROOT, dir), (name) => /\.(ts|js|graphql)$/.test(name)));
    const named = sources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/(?<![\w./-])(docs\/[\w./-]+?\.md)(#[\w-]+)?/g)]
      .map((m) => ({ at: path.relative(ROOT, file), target: m[1] + (m[2] ?? '') })));
    expect(named.filter((n) => n.target.includes('#')).length).toBeGreaterThan(10);
    expect(named.map((n) => ({ ...n, problem: brokenLink(path.join(ROOT, 'README.md'), n.target) }))
      .filter((n) => n.problem !== null).map((n) => `${n.at}: ${n.problem}`)).toEqual([]);
  });
});
