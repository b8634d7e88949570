// Unique, realistic user names (alice, bob-eth, cryptodev42) without a Set of
// every name issued: each pattern is a mixed-radix space, patterns can never
// spell the same string (checked below), and each pattern hands out its
// indices through an affine permutation, so a counter per pattern suffices.
import { hash4, strHash, type Rng } from './random';

export const FIRST_NAMES = `alice bob carol dave erin frank grace heidi ivan judy kate leo mia nick olivia paul
quinn rosa sam tina uma victor wendy xavier yara zoe adam ben chris dan emma finn gabe hana isaac jack kai
liam max noah omar priya ravi sara tom vera will yuki zach amir bella cole diego elena felix gia hugo iris
jonas kira luca maya nora oscar pablo rhea sofia theo ulla vince wren ximena yusuf zara aiden brooke caleb
daria eli fiona gus hazel ian jade kofi lena marco nina otto piper reed sienna tariq uri vivian wade aria
bruno chloe dario esme farah gwen hiro ines jorge kenji lila mateo nadia orla petra rafa selin toby umar
vlad wanda yael zeke andre bianca cyrus dina ezra freya gideon hank ingrid jules karim lars mira nils
odette pia remy saoirse tobias ursula vito willa xander yoko zeno`.split(/\s+/);

const TAGS = 'eth dev nft art dao xyz wtf gm base degen build labs fm sol zk web3 onchain lol music ai'.split(' ');
const ADJECTIVES = `based crypto onchain pixel cosmic lazy happy rare blue golden silent rapid lucky tiny mega
hyper quantum neon cyber retro wild sunny frosty chill bold salty spicy sleepy clever magic`.split(/\s+/);
const NOUNS = `ape whale builder punk frog wizard cat dog fox owl moon ser anon maxi farmer dev trader miner
artist poet chef hacker monk ninja pirate robot panda tiger wolf bear bull raccoon otter koala penguin llama
goblin knight sailor gremlin`.split(/\s+/);

const NUMBERS = 9999; // suffixes 1..9999: no leading zero, so letters|digits split is unique

interface Pattern {
  weight: number;
  size: number;
  spell(i: number, sep: string): string;
}

const F = FIRST_NAMES.length;
const T = TAGS.length;
const A = ADJECTIVES.length;
const N = NOUNS.length;

const PATTERNS: Pattern[] = [
  { weight: 6, size: F, spell: (i) => FIRST_NAMES[i] },
  { weight: 10, size: F * T, spell: (i, sep) => `${FIRST_NAMES[i % F]}${sep}${TAGS[Math.floor(i / F)]}` },
  { weight: 28, size: F * NUMBERS, spell: (i) => `${FIRST_NAMES[i % F]}${1 + Math.floor(i / F)}` },
  { weight: 8, size: A * N, spell: (i, sep) => `${ADJECTIVES[i % A]}${sep}${NOUNS[Math.floor(i / A)]}` },
  { weight: 16, size: N * NUMBERS, spell: (i) => `${NOUNS[i % N]}${1 + Math.floor(i / N)}` },
  { weight: 10, size: A * N, spell: (i) => `${ADJECTIVES[i % A]}${NOUNS[Math.floor(i / A)]}` },
  {
    weight: 22,
    size: A * N * NUMBERS,
    spell: (i) => `${ADJECTIVES[i % A]}${NOUNS[Math.floor(i / A) % N]}${1 + Math.floor(i / (A * N))}`,
  },
];

// The patterns are disjoint only if the word lists are: fail loudly at load if an edit breaks that.
(function assertDisjoint(): void {
  const seen = new Set<string>();
  const add = (w: string, what: string): void => {
    if (seen.has(w)) throw new Error(`names.ts: "${w}" (${what}) collides with another word`);
    seen.add(w);
  };
  for (const w of FIRST_NAMES) add(w, 'first name');
  for (const w of NOUNS) add(w, 'noun');
  for (const a of ADJECTIVES) for (const n of NOUNS) add(a + n, 'adjective+noun');
  for (const a of ADJECTIVES) if (FIRST_NAMES.includes(a)) throw new Error(`names.ts: adjective "${a}" is a first name`);
})();

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Hands out distinct names; `sep` is '-' for Farcaster fnames, '_' for Lens handles. */
export class NameAllocator {
  private readonly used: number[] = PATTERNS.map(() => 0);
  private readonly mult: number[];
  private readonly offset: number[];
  private fallback = 0;

  constructor(
    seed: number,
    private readonly sep: string,
    /** Farcaster fnames are at most 16 characters; longer spellings are skipped (the index is spent). */
    private readonly maxLength: number,
  ) {
    const salt = strHash(`names${sep}`);
    // mult < size keeps counter*mult exact in doubles; coprime makes i → i*mult+offset a bijection.
    this.mult = PATTERNS.map((p, k) => {
      let m = 1 + Math.floor((hash4(seed, salt, k, 1) / 4294967296) * (p.size - 1));
      while (gcd(m, p.size) !== 1) m = (m % (p.size - 1)) + 1;
      return m;
    });
    this.offset = PATTERNS.map((p, k) => hash4(seed, salt, k, 2) % p.size);
  }

  next(rng: Rng): string {
    for (;;) {
      const name = this.draw(rng);
      if (name.length <= this.maxLength) return name;
    }
  }

  private draw(rng: Rng): string {
    const weights = PATTERNS.map((p, k) => (this.used[k] < p.size ? p.weight : 0));
    if (weights.every((w) => w === 0)) return `anon${this.sep}${++this.fallback}`;
    let k = rng.weighted(weights);
    if (weights[k] === 0) k = weights.findIndex((w) => w > 0); // float edge of weighted()
    const p = PATTERNS[k];
    const i = (this.used[k]++ * this.mult[k] + this.offset[k]) % p.size;
    return p.spell(i, this.sep);
  }
}

/** Uppercases the first letter. */
export function capitalize(word: string): string {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

const LAST_NAMES = ['Stone', 'Park', 'Rivera', 'Nakamoto', 'Okafor', 'Silva', 'Novak', 'Haddad', 'Kim', 'Moreau', 'Jensen', 'Rossi'];

/** A display name loosely derived from a handle: "Alice", "Alice Park", "alice.eth", "Bob 🎩". */
export function displayName(rng: Rng, handle: string): string {
  const base = handle.split(/[-_0-9]/)[0] || handle;
  const r = rng.float();
  if (r < 0.5) return capitalize(base);
  if (r < 0.75) return `${capitalize(base)} ${rng.pick(LAST_NAMES)}`;
  if (r < 0.9) return `${base}.eth`;
  if (r < 0.98) return `${capitalize(base)} ${rng.pick(['🎩', '🌱', '⚡', '🦄', '🐸'])}`;
  return `${capitalize(base)}, ${rng.pick(['builder', 'artist', 'anon'])}`;
}
