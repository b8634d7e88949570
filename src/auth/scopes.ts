// What an API key may do. Every root field of the schema needs one scope
// (src/graphql/root-field-scopes.ts): `read` for the protocols' data and the
// live events, `webhooks` for the key's webhooks and their delivery log,
// `personalize` for the key's per-viewer state (dismissed suggestions): a
// write, bounded per key and viewer, that a read-only key cannot make. A
// frontend's key is readable by anyone using the page, so it must not be
// able to make the service send requests to an address of their choosing.
import { badInput } from '../errors/app-error';

export const SCOPES = ['read', 'webhooks', 'personalize'] as const;
export type Scope = typeof SCOPES[number];

/** A key made without naming its scopes reads only. */
export const DEFAULT_SCOPES: readonly Scope[] = ['read'];

const isScope = (word: string): word is Scope => (SCOPES as readonly string[]).includes(word);

/** `read,webhooks` → the scopes it names, each once, in SCOPES order; BAD_USER_INPUT naming a word that is no scope. */
export function parseScopes(text: string): Scope[] {
  const words = text.split(',').map((w) => w.trim());
  const unknown = words.filter((w) => !isScope(w));
  if (unknown.length) throw badInput(`unknown scope ${unknown.map((w) => JSON.stringify(w)).join(', ')}: scopes are ${SCOPES.join(', ')}, comma-separated`);
  return SCOPES.filter((s) => words.includes(s));
}

/** A stored key's scopes, in SCOPES order: a word this build does not know grants nothing. */
export const scopesOf = (stored: readonly string[] | null): Scope[] => SCOPES.filter((s) => stored?.includes(s));
