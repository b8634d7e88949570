// Relay's global object ids: `base64url("<Type>:<key>")`. The type prefix makes
// two types' ids differ even where their keys agree (the channel `memes` and the
// trending entry of `memes`); base64url keeps the id opaque, so clients store it
// and send it back rather than take it apart. The natural key stays readable
// under `nativeId` (and fid, profileId …).
import { badInput } from '../../errors/app-error';

export interface DecodedId { type: string; key: string }

/** The longest id node() decodes: the longest key (a parent URL of a channel) fits well within it. */
const MAX_ID_LENGTH = 2048;

export const globalId = (type: string, key: string | number): string => Buffer.from(`${type}:${key}`).toString('base64url');

/** The type and key of a well-formed id; null for anything this service did not issue the form of. */
export function decodeGlobalId(id: string): DecodedId | null {
  if (id.length === 0 || id.length > MAX_ID_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const text = Buffer.from(id, 'base64url').toString('utf8');
  // Decoding must give back exactly the id: a padded, re-cased or trailing-bit variant is not an id we issued.
  if (Buffer.from(text).toString('base64url') !== id) return null;
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) return null;
  const type = text.slice(0, colon);
  return /^[A-Z][A-Za-z]*$/.test(type) ? { type, key: text.slice(colon + 1) } : null;
}

/** The type name an id carries (the Node interface's resolveType reads it off the object's own id). */
export function typeOfGlobalId(id: string): string | undefined {
  return decodeGlobalId(id)?.type;
}

export const notAnId = (arg: string, id: string) =>
  badInput(`${arg}: ${JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id)} is not an id of this API (ids are opaque: send back an \`id\` an answer gave)`);
