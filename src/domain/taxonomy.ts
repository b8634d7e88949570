// The fixed category taxonomy. Ids are stable forever: answers, stored
// classifications and clients' `categories` filters all use them, so a new
// category gets a new id and an id is never reused or renumbered.

export interface Category {
  id: number;
  name: string;
  description: string;
}

export const CATEGORIES: readonly Category[] = [
  { id: 1, name: 'defi', description: 'Decentralised finance: swaps, lending, yield, liquidity, bridges, staking, stablecoins.' },
  { id: 2, name: 'nft', description: 'NFTs: mints, collections, floors, marketplaces, editions.' },
  { id: 3, name: 'gaming', description: 'Video, onchain and tabletop games, esports, streaming play.' },
  { id: 4, name: 'art', description: 'Visual art: painting, drawing, generative and digital art, exhibitions.' },
  { id: 5, name: 'music', description: 'Music: tracks, albums, artists, concerts, genres, production.' },
  { id: 6, name: 'tech', description: 'Software and hardware: programming, shipping products, protocols, infrastructure.' },
  { id: 7, name: 'ai', description: 'Artificial intelligence: models, agents, machine learning, prompts.' },
  { id: 8, name: 'memes', description: 'Memes, in-jokes and shitposts (wagmi, ngmi, probably nothing, wen lambo); a plain gm or gn greeting is none.' },
  { id: 9, name: 'sports', description: 'Sports: teams, matches, leagues, athletes, fantasy leagues.' },
  { id: 10, name: 'food', description: 'Food and drink: cooking, restaurants, recipes, coffee.' },
  { id: 11, name: 'travel', description: 'Travel: trips, cities, flights, conferences abroad.' },
  { id: 12, name: 'politics', description: 'Politics and regulation: elections, governments, laws, regulators.' },
  { id: 13, name: 'trading', description: 'Markets and trading: prices, charts, buying and selling tokens, bull and bear talk.' },
  { id: 14, name: 'science', description: 'Science: research, space, physics, biology, climate.' },
  { id: 15, name: 'health', description: 'Health and fitness: workouts, running, sleep, mental health, medicine.' },
];

const BY_ID = new Map(CATEGORIES.map((c) => [c.id, c]));
const BY_NAME = new Map(CATEGORIES.map((c) => [c.name, c]));

export function categoryById(id: number): Category | undefined {
  return BY_ID.get(id);
}

/** Names match case-insensitively (`DeFi` is `defi`). */
export function categoryByName(name: string): Category | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}
