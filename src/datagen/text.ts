// Post text: short sentences from topical templates plus hashtags, emoji and
// cashtags. About 15% of posts name 1–2 tokens ($ETH, $degen, $USDC.) and a
// few carry `$` noise ($100, a URL with `$`) so the service's cashtag
// extraction and topic classifier have something real to chew on.
import type { Rng } from './random';

export interface Post {
  text: string;
  topic: string;
  /** Lowercase tags (topic first), e.g. ["defi","base"]: Lens tags_vector. */
  tags: string[];
}

/** Cashtag symbols and how often people talk about them. */
export const CASHTAGS: readonly (readonly [string, number])[] = [
  ['ETH', 30], ['DEGEN', 18], ['BTC', 14], ['USDC', 8], ['SOL', 8], ['HIGHER', 7], ['TOSHI', 5],
  ['BRETT', 5], ['PEPE', 5], ['OP', 3], ['BONSAI', 3], ['WETH', 2], ['WMATIC', 2], ['DAI', 2],
];
const CASHTAG_WEIGHTS = CASHTAGS.map(([, w]) => w);

const SLOTS: Record<string, readonly string[]> = {
  chain: ['base', 'optimism', 'arbitrum', 'zora', 'polygon', 'mainnet', 'degen chain', 'solana', 'blast'],
  protocol: ['uniswap', 'aave', 'aerodrome', 'curve', 'morpho', 'pendle', 'eigenlayer', 'lido', 'moonwell'],
  nft: ['based punks', 'nouns', 'onchain gaias', 'tiny dinos', 'mfers', 'purple frens', 'zorbs', 'milady'],
  artist: ['xcopy', 'tyler hobbs', 'jack butcher', 'grimes', 'deafbeef', 'sam spratt', 'a local painter'],
  game: ['pirate nation', 'farmville onchain', 'parallel', 'elden ring', 'zelda', 'chess', 'mario kart'],
  genre: ['lofi', 'techno', 'jazz', 'indie', 'hip hop', 'ambient', 'punk'],
  lang: ['rust', 'typescript', 'go', 'solidity', 'python', 'zig', 'elixir'],
  model: ['gpt-4o', 'claude', 'llama 3', 'mistral', 'a local model', 'gemini'],
  team: ['the lakers', 'arsenal', 'real madrid', 'the celtics', 'the yankees', 'the chiefs', 'ferrari'],
  sport: ['football', 'basketball', 'f1', 'tennis', 'baseball', 'soccer'],
  dish: ['ramen', 'tacos', 'pizza', 'pho', 'croissants', 'sourdough', 'dumplings', 'biryani'],
  city: ['brussels', 'denver', 'lisbon', 'tokyo', 'nyc', 'berlin', 'bangkok', 'istanbul', 'mexico city'],
  country: ['the us', 'the eu', 'the uk', 'hong kong', 'brazil'],
  project: ['our frame', 'the indexer', 'a wallet app', 'my client', 'the dao dashboard', 'a farcaster bot'],
  title: ['dusk', 'signal', 'after the rain', 'untitled #4', 'blue hour', 'static'],
};

const TEMPLATES: Record<string, readonly string[]> = {
  defi: [
    'Just bridged to {chain}, gas is cheap', 'aping into a new {protocol} pool on {chain}',
    '{protocol} yields are back to {pct}% apy, not bad', "LP'd on {protocol}, impermanent loss is real",
    'who else is farming points on {chain}?', 'swapped some stables, waiting for the dip',
    'restaking is the new meta. thoughts?', 'liquidated again... leverage is a hell of a drug',
  ],
  nft: [
    'new mint dropping tonight on zora', 'minted {nft} #{n}, floor is {floor} eth',
    'just listed my {nft} on opensea', 'free mint on {chain} today, link in bio',
    'the {nft} collection is so underrated', 'collected an edition from {artist}, obsessed',
  ],
  gaming: [
    'grinding {game} all weekend', 'anyone playing {game}? need a squad', '{game} patch notes are wild',
    'onchain games are finally fun', 'speedrunning {game} tonight, come watch',
  ],
  art: [
    'new piece: "{title}"', 'working on a generative series, {n} outputs so far',
    'shoutout to {artist} for the inspo', 'painted for {n} hours straight, hands hurt',
  ],
  music: [
    "on repeat: {artist}'s new {genre} record", 'dropped a new track, {genre} vibes',
    'live show in {city} tonight!', 'minted my first song on {chain}',
  ],
  tech: [
    'shipped a new feature for {project} #buildinpublic', 'rewrote the indexer in {lang}, {n}x faster',
    'debugging {lang} at 3am again', 'hot take: {lang} is underrated', 'frames are the best thing to happen to farcaster',
    'hubs are syncing, {project} is live',
  ],
  ai: [
    '{model} just wrote my whole test suite', 'trying {model} for code review',
    'agents are going to run onchain wallets soon', 'fine-tuned a small model on my casts lol',
    'ai art is art, fight me',
  ],
  memes: [
    'wagmi', 'ngmi if you sold', 'this is fine 🔥', "ser, this is a wendy's", 'few understand',
    'touch grass they said', 'probably nothing 👀', 'down bad but still posting',
  ],
  sports: [
    'what a game by {team} last night', '{team} need a new coach', '{sport} season is back',
    "fantasy {sport} league is up, who's in?",
  ],
  food: ['best {dish} in {city}, no contest', 'made {dish} from scratch today', 'coffee #{n} of the day'],
  travel: [
    'landed in {city} for ethcc', "heading to {city} next week, who's around?",
    '{city} is beautiful this time of year', 'working from a cafe in {city}',
  ],
  politics: [
    "regulators still don't get crypto", 'the sec is at it again', 'vote in your local elections, it matters',
    'stablecoin bill finally moving in {country}',
  ],
  gm: ['gm', 'gm frens ☀️', 'gn', 'gm, what are we building today?'],
};

const TOPICS = Object.keys(TEMPLATES);
const TOPIC_SHARE: Record<string, number> = {
  defi: 14, nft: 12, tech: 10, memes: 10, ai: 9, art: 8, gaming: 7, music: 7, sports: 6, food: 6, travel: 5, politics: 4, gm: 8,
};
const TOPIC_WEIGHTS = TOPICS.map((t) => TOPIC_SHARE[t]);

const CASHTAG_PHRASES = [
  '{c} looking strong', 'bought more {c}', '{c} to the moon 🚀', 'tipping in {c} today',
  '{c} / {c2} chart is wild', 'rotating from {c} into {c2}', 'holding {c} since day one', 'who is still buying {c}',
];
const NOISE = ['paid $100 for this', '$5k in fees lol', 'tip jar: https://tip.example.xyz/$vitalik', 'only $3 to mint'];
const HASHTAGS = ['#buildinpublic', '#nft', '#defi', '#gm', '#farcaster', '#lens', '#onchainsummer', '#ai', '#art', '#music', '#base', '#web3'];
const EMOJI = ['🚀', '🔥', '👀', '💜', '🎩', '✨', '😂', '🙏', '⚡'];

function fill(rng: Rng, template: string, tags: string[]): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    if (slot === 'n') return String(rng.range(1, 999));
    if (slot === 'pct') return String(rng.range(3, 40));
    if (slot === 'floor') return (rng.range(1, 500) / 1000).toString();
    const value = rng.pick(SLOTS[slot]);
    if (slot === 'chain' && tags.length < 3 && !tags.includes(value)) tags.push(value.replace(/ /g, '-'));
    return value;
  });
}

/** `$ETH`, sometimes `$eth` or `$ETH.`: the spellings an extractor must accept. */
function cashtag(rng: Rng): string {
  const symbol = CASHTAGS[rng.weighted(CASHTAG_WEIGHTS)][0];
  let tag = `$${rng.chance(0.15) ? symbol.toLowerCase() : symbol}`;
  if (rng.chance(0.15)) tag += rng.pick(['.', '!', '?', ',']);
  return tag;
}

function sentence(rng: Rng, topic: string, tags: string[]): string {
  return fill(rng, rng.pick(TEMPLATES[topic]), tags);
}

export function generatePost(rng: Rng): Post {
  const topic = TOPICS[rng.weighted(TOPIC_WEIGHTS)];
  const tags = [topic];
  let text = sentence(rng, topic, tags);
  if (rng.chance(0.25)) {
    const other = rng.chance(0.7) ? topic : TOPICS[rng.weighted(TOPIC_WEIGHTS)];
    text += rng.pick(['. ', ' — ', '\n\n', '\n']) + sentence(rng, other, tags);
  }
  if (rng.chance(0.15)) {
    const phrase = rng.pick(CASHTAG_PHRASES);
    const withTags = phrase.replace('{c}', cashtag(rng)).replace('{c2}', cashtag(rng));
    const glue = /[.!?,]$/.test(withTags) ? ' ' : '. ';
    text = rng.chance(0.5) ? `${text}. ${withTags}` : `${withTags}${glue}${text}`;
    if (!tags.includes('crypto') && tags.length < 3) tags.push('crypto');
  }
  if (rng.chance(0.03)) text += `. ${rng.pick(NOISE)}`;
  if (rng.chance(0.2)) {
    const tag = rng.pick(HASHTAGS);
    text += ` ${tag}`;
    const word = tag.slice(1);
    if (tags.length < 3 && !tags.includes(word)) tags.push(word);
  }
  if (rng.chance(0.15)) text += ` ${rng.pick(EMOJI)}`;
  return { text, topic, tags };
}

const ROLES = ['building', 'designing', 'writing about', 'investing in', 'researching', 'shitposting about'];
const INTERESTS = ['defi', 'nfts', 'onchain art', 'ai', 'music', 'zk', 'gaming', 'coffee', 'public goods', 'memes'];

/** A profile bio; some contain commas or quotes (CSV quoting gets exercised). */
export function generateBio(rng: Rng): string {
  const parts = [`${rng.pick(ROLES)} ${rng.pick(SLOTS.project)}`, `${rng.pick(INTERESTS)} & ${rng.pick(INTERESTS)}`];
  if (rng.chance(0.4)) parts.push(rng.pick(SLOTS.city));
  if (rng.chance(0.1)) parts.push('"not financial advice"');
  return parts.join(rng.pick([' | ', ', ', ' · ']));
}
