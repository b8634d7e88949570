// Evaluation of the built-in content classifier on the hand-labelled set
// eval/classifier-eval.jsonl (docs/classifier.md tells how it was written).
//
//   npm run eval:classifier -- [--json] [--split dev|test|all] [--errors] [--runs 200000]
//
// Prints, for the dev split, the held-out test split and all posts, per category
// precision / recall / F1 / support (support = posts labelled with it), then
// micro- and macro-averaged P/R/F1, and the speed: posts/s over --runs
// classifications of the eval texts on one core (after a warm-up). --split
// prints only that split (use `--split dev` while tuning: the test split is held
// out); --errors lists the split's posts whose labels differ; --json prints the
// same figures as JSON. The classifier sees each post as the classify pipeline
// shows it: tags = hashtagsOf(text, tags).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cpus } from 'node:os';
import { LexiconClassifier } from '../src/content/lexicon-classifier';
import { hashtagsOf } from '../src/content/post-features';
import { CATEGORIES, categoryById, categoryByName } from '../src/domain/taxonomy';
import { projectRoot } from '../src/project-root';

export type Split = 'dev' | 'test';

export interface EvalPost {
  id: number;
  text: string;
  tags: string[];
  categories: string[];
  split: Split;
}

export interface CategoryFigures {
  category: string;
  precision: number;
  recall: number;
  f1: number;
  support: number;
  /** Posts the classifier put in the category. */
  predicted: number;
}

export interface SplitFigures {
  split: Split | 'all';
  posts: number;
  categories: CategoryFigures[];
  micro: { precision: number; recall: number; f1: number };
  macro: { precision: number; recall: number; f1: number };
  /** Posts whose predicted set equals the labelled set. */
  exact: number;
}

export interface Prediction {
  post: EvalPost;
  predicted: string[];
}

export const EVAL_FILE = path.join(projectRoot(__dirname), 'eval', 'classifier-eval.jsonl');

/** The labelled set; throws on a malformed line or an unknown category name. */
export function loadEvalSet(file = EVAL_FILE): EvalPost[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((line, i) => {
    const raw = JSON.parse(line) as Partial<EvalPost>;
    if (typeof raw.id !== 'number' || typeof raw.text !== 'string' || !Array.isArray(raw.categories)) {
      throw new Error(`${file}:${i + 1}: needs id, text and categories`);
    }
    for (const c of raw.categories) if (!categoryByName(c)) throw new Error(`${file}:${i + 1}: unknown category ${c}`);
    if (raw.split !== 'dev' && raw.split !== 'test') throw new Error(`${file}:${i + 1}: split must be dev or test`);
    return { id: raw.id, text: raw.text, tags: raw.tags ?? [], categories: raw.categories, split: raw.split };
  });
}

/** The classifier's categories (names) for each post, as the classify pipeline would ask. */
export function predict(posts: readonly EvalPost[], classifier = new LexiconClassifier()): Prediction[] {
  return posts.map((post) => ({
    post,
    predicted: classifier.classifyOne({ text: post.text, tags: hashtagsOf(post.text, post.tags) }).categories
      .map((id) => categoryById(id)!.name),
  }));
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const f1Of = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

/** Per-category and averaged figures over some predictions. */
export function figures(split: Split | 'all', predictions: readonly Prediction[]): SplitFigures {
  let tpAll = 0;
  let fpAll = 0;
  let fnAll = 0;
  const categories = CATEGORIES.map((c) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const { post, predicted } of predictions) {
      const gold = post.categories.includes(c.name);
      const got = predicted.includes(c.name);
      if (gold && got) tp++;
      else if (got) fp++;
      else if (gold) fn++;
    }
    tpAll += tp;
    fpAll += fp;
    fnAll += fn;
    const precision = ratio(tp, tp + fp);
    const recall = ratio(tp, tp + fn);
    return { category: c.name, precision, recall, f1: f1Of(precision, recall), support: tp + fn, predicted: tp + fp };
  });
  const microP = ratio(tpAll, tpAll + fpAll);
  const microR = ratio(tpAll, tpAll + fnAll);
  const withSupport = categories.filter((c) => c.support > 0);
  const mean = (xs: number[]) => ratio(xs.reduce((a, b) => a + b, 0), xs.length);
  const exact = predictions.filter(({ post, predicted }) =>
    predicted.length === post.categories.length && predicted.every((c) => post.categories.includes(c))).length;
  return {
    split,
    posts: predictions.length,
    categories,
    micro: { precision: microP, recall: microR, f1: f1Of(microP, microR) },
    macro: {
      precision: mean(withSupport.map((c) => c.precision)),
      recall: mean(withSupport.map((c) => c.recall)),
      f1: mean(withSupport.map((c) => c.f1)),
    },
    exact,
  };
}

export interface Speed {
  classifications: number;
  seconds: number;
  postsPerSecond: number;
  cpu: string;
  cores: number;
}

/** Posts/s of classifyOne over `runs` classifications of the eval texts (one core, after a warm-up). */
export function measureSpeed(posts: readonly EvalPost[], runs: number): Speed {
  const classifier = new LexiconClassifier();
  const inputs = posts.map((p) => ({ text: p.text, tags: hashtagsOf(p.text, p.tags) }));
  let sink = 0;
  for (let i = 0; i < Math.min(runs, 20_000); i++) sink += classifier.classifyOne(inputs[i % inputs.length]).terms.length;
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) sink += classifier.classifyOne(inputs[i % inputs.length]).categories.length;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (sink < 0) console.log(sink);
  const cpu = cpus();
  return { classifications: runs, seconds, postsPerSecond: Math.round(runs / seconds), cpu: cpu[0]?.model ?? 'unknown', cores: cpu.length };
}

const pct = (x: number) => (x * 100).toFixed(1).padStart(5);

function table(f: SplitFigures): string {
  const lines = [
    `${f.split} split: ${f.posts} posts, ${f.exact} (${pct(ratio(f.exact, f.posts)).trim()}%) with exactly the labelled categories`,
    '',
    '| category  | precision | recall |    F1 | support | predicted |',
    '|-----------|----------:|-------:|------:|--------:|----------:|',
  ];
  for (const c of f.categories) {
    lines.push(`| ${c.category.padEnd(9)} |     ${pct(c.precision)} |  ${pct(c.recall)} | ${pct(c.f1)} | ${String(c.support).padStart(7)} | ${String(c.predicted).padStart(9)} |`);
  }
  lines.push(`| **micro** |     ${pct(f.micro.precision)} |  ${pct(f.micro.recall)} | ${pct(f.micro.f1)} |         |           |`);
  lines.push(`| **macro** |     ${pct(f.macro.precision)} |  ${pct(f.macro.recall)} | ${pct(f.macro.f1)} |         |           |`);
  return lines.join('\n');
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function main(args: string[]): void {
  const json = args.includes('--json');
  const only = argValue(args, '--split') as Split | 'all' | undefined;
  if (only !== undefined && !['dev', 'test', 'all'].includes(only)) throw new Error('--split must be dev, test or all');
  const runs = Number(argValue(args, '--runs') ?? 200_000);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');

  const posts = loadEvalSet();
  const predictions = predict(posts);
  const splits = (['dev', 'test', 'all'] as const).filter((s) => !only || s === only);
  const results = splits.map((s) => figures(s, s === 'all' ? predictions : predictions.filter((p) => p.post.split === s)));
  const speed = measureSpeed(posts, runs);
  const classifier = new LexiconClassifier().name;

  if (json) {
    console.log(JSON.stringify({ classifier, evalSet: path.relative(projectRoot(__dirname), EVAL_FILE), splits: results, speed }, null, 2));
  } else {
    console.log(`classifier ${classifier} on ${path.relative(process.cwd(), EVAL_FILE)} (${posts.length} posts)\n`);
    for (const r of results) console.log(`${table(r)}\n`);
    console.log(`speed: ${speed.postsPerSecond.toLocaleString('en-US')} posts/s (${speed.classifications.toLocaleString('en-US')} classifications in ${speed.seconds.toFixed(2)} s, one core; ${speed.cpu}, ${speed.cores} cores)`);
  }
  if (args.includes('--errors')) {
    for (const { post, predicted } of predictions) {
      if (only && only !== 'all' && post.split !== only) continue;
      const same = predicted.length === post.categories.length && predicted.every((c) => post.categories.includes(c));
      if (!same) console.log(`#${post.id} [${post.categories.join(',')}] → [${predicted.join(',')}] ${post.text}`);
    }
  }
}

if (require.main === module) main(process.argv.slice(2));
