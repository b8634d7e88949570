// Cashtag mentions: `$SYMBOL` with 2..10 letters or digits,
// not all digits, in any case (`$eth` is ETH). Also:
// - anything inside a URL is not a mention (`https://x.xyz/$vitalik`);
// - the `$` must start a word (`US$100`, `a$b` are not mentions) and the
//   symbol must end the word (`$ETH.` is ETH, `$ETH_X` is nothing);
// - an amount in shorthand (`$5k`, `$20M`) is a price, not a token.

const URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+/gi;
const CASHTAG = /(?<![\p{L}\p{N}_$])\$([A-Za-z0-9]{2,10})(?![\p{L}\p{N}_])/gu;
const ALL_DIGITS = /^\d+$/;
const AMOUNT = /^\d+[kmbKMB]$/;

/** Distinct upper-case symbols in order of first appearance. */
export function cashtagsOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.replace(URL, ' ').matchAll(CASHTAG)) {
    const symbol = m[1];
    if (ALL_DIGITS.test(symbol) || AMOUNT.test(symbol)) continue;
    found.add(symbol.toUpperCase());
  }
  return [...found];
}
