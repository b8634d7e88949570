// Key phrases of a post ("terms"): the candidates for topics of the day.
//
// Rules, in order:
// 1. URLs (`https://…`, `www.…`) and mentions (`@alice`, `@bob.eth`) are dropped;
//    cashtags (`$ETH`) are dropped too (they have their own table, post_cashtag).
// 2. The rest is split into words of letters and digits (any script), lowercase.
//    A hashtag counts as its word (`#buildinpublic` is `buildinpublic`); emoji and
//    punctuation separate words and are never part of one; `'s` is cut
//    (`grandma's` is `grandma`) and other apostrophes are removed (`y'all` is `yall`).
// 3. A word is kept when it starts with a letter, is at least 3 characters long and
//    is no stopword: English function words plus social filler (gm, gn, lol, lmao,
//    just, today, really, ngl, tbh, …). Numbers and words that start with a digit
//    (`2024`, `4am`, `10x`) are dropped; letters then digits stay (`ps5`, `l2`… if ≥ 3).
// 4. Simple plurals are made singular when that is safe and cheap: `-ches/-shes/-xes/
//    -zzes/-sses` lose `es` (`matches` → `match`), other words of 4+ characters ending
//    in one `s` lose it (`nfts` → `nft`, `games` → `game`), except words ending in
//    `ss/us/is/ies/oes/ics/ous` and a list of words that only look plural (`lens`, `gas`,
//    `news`, `series`, `physics`, `brussels`, …). The readable surface word is kept,
//    never the stem (`minting` stays `minting`).
// 5. Distinct, in order of first appearance, at most MAX_TERMS.
import { MAX_TERMS } from './classifier.types';

const URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+/gi;
const MENTION = /(?<![\p{L}\p{N}_])@[\p{L}\p{N}_.-]+/gu;
/** A word, or a `$word` (cashtag-like, marked by its `$`). */
const WORD = /(?<![\p{L}\p{N}$])\$?[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;
const APOSTROPHE = /['’]/g;
const POSSESSIVE = /['’]s$/;

/**
 * Lowercase words of a post with URLs and mentions removed. A word written as a
 * cashtag keeps its `$` (`$eth`), so callers can tell it apart.
 */
export function wordsOf(text: string): string[] {
  const clean = text.replace(URL, ' ').replace(MENTION, ' ').toLowerCase();
  const words: string[] = [];
  for (const m of clean.matchAll(WORD)) {
    let w = m[0];
    if (w.length > 2 && (w.includes("'") || w.includes('’'))) w = w.replace(POSSESSIVE, '').replace(APOSTROPHE, '');
    words.push(w);
  }
  return words;
}

// English function words, contractions as they read without the apostrophe, and
// social filler that carries no topic. Only words of 3+ characters matter here.
const STOPWORDS = new Set(`
about above across actually after again against ago ain all almost along already also although always among and another
any anybody anyone anything anyway anyways are aren arent around away back bad because been before behind being below
best better between beyond big both but came can cannot cant come comes coming could couldnt did didnt does doesnt doing
done dont down during each either else enough even ever every everybody everyone everything far few first for from
further get gets getting give given gives going gone gonna good got gotta great had hadnt has hasnt have havent having
hed her here hers herself hes him himself his how however ive ill isnt its itself just keep kind know last least less
let lets like likely little lot lots made make makes making many may maybe might mine more most much must myself near
need needs neither never new next nice nobody none nor not nothing now off often okay old once one only onto other
others our ours ourselves out over own part per perhaps please put quite rather really right said same saw say says
see seem seems seen shall she shes should shouldnt show since some somebody someone something sometimes somewhat soon
still such sure take taken takes than thank thanks that thats the their theirs them themselves then there theres these
they theyre theyve thing things think this those though thought through thus till too took toward towards try trying
under until upon use used uses using very via want wants was wasnt way ways well went were werent what whats whatever
when whenever where whether which while who whoever whole whom whos whose why will with within without wont would
wouldnt yes yet you youd youll your youre yours yourself yourselves youve
able ahh also anyhow bit cause cuz didn doesn gotten hey isn wasn yeah yep yup nah nope hmm huh ooh umm uhh
day days week weeks month months year years today tonight tomorrow yesterday morning evening night time times
people person guy guys folks everyone thing stuff way lot
gm gms gmgm gn gnn lol lolol lmao lmfao rofl haha hahaha hehe omg wtf idk imo imho tbh ngl fwiw afaik btw irl fyi
smh pls plz thx tho rly srsly def prob probs literally basically honestly seriously totally definitely truly simply
just really today vibe vibes lfg fren frens ser anon anons wow yay yeah sooo soo brb same
yall kinda sorta wanna lemme dunno gimme ain yea
cast casts recast recasts reply replies post posts posting posted thread link links bio dm dms
http https www com xyz org net html amp
`.split(/\s+/).filter(Boolean));

/** Words of 4+ characters that end in `s` without being a plural we may cut. */
const NOT_PLURAL = new Set(`
lens gas bus yes news series species physics politics economics ethics analytics mathematics esports
always perhaps sometimes across unless plus bonus status virus campus focus chaos canvas atlas alias bias
christmas texas vegas paris athens brussels mars venus ios macos kudos thanks pants glasses jeans
dios osmosis ens dns aws aas saas defis tvls apys ops devops web3s wagmis was has does goes its this
`.split(/\s+/).filter(Boolean));

const ES_PLURAL = /(?:ch|sh|x|zz|ss)es$/;
const KEEP_ENDINGS = /(?:ss|us|is|ies|oes|ics|ous)$/;

/** The singular of a simple plural, else the word itself. */
export function singular(word: string): string {
  if (word.length < 4 || word[word.length - 1] !== 's' || NOT_PLURAL.has(word)) return word;
  if (ES_PLURAL.test(word)) return word.length - 2 >= 3 ? word.slice(0, -2) : word;
  if (KEEP_ENDINGS.test(word)) return word;
  return word.slice(0, -1);
}

const STARTS_WITH_LETTER = /^\p{L}/u;

/** Whether a word (from wordsOf) may be a term: not a cashtag, number or stopword, 3+ characters. */
function isTermWord(word: string): boolean {
  return word.length >= 3 && word[0] !== '$' && STARTS_WITH_LETTER.test(word) && !STOPWORDS.has(word);
}

/** Terms of words already split by wordsOf (see the rules at the top). */
export function termsFromWords(words: readonly string[]): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const word of words) {
    if (!isTermWord(word)) continue;
    const term = singular(word);
    if (STOPWORDS.has(term) || seen.has(term)) continue;
    seen.add(term);
    terms.push(term);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** Normalised key phrases of a post, at most MAX_TERMS (see the rules at the top). */
export function termsOf(text: string): string[] {
  return termsFromWords(wordsOf(text));
}
