// Where a webhook may send: the one address policy, applied when a webhook is
// created and again before every delivery attempt. A target is an http(s) URL
// without credentials whose host is, or resolves only to, public unicast
// addresses: otherwise anyone holding a key could make this service POST inside
// its own network and read from the delivery log which internal ports answer.
// Classification is pure (address text in, class out); resolveTarget adds the
// lookup and answers the checked addresses, which the POST then connects to.
import { lookup as systemLookup } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';
import { withinMs } from '../db/with-timeout';

export type AddressClass =
  | 'public' | 'loopback' | 'private' | 'unspecified' | 'link-local' | 'metadata' | 'multicast' | 'broadcast'
  | 'documentation' | 'reserved' | 'zoned' | 'invalid';

/** The classes PUSH_WEBHOOK_ALLOW_PRIVATE admits (local development and tests); every other non-public one stays refused. */
const PRIVATE_CLASSES: ReadonlySet<AddressClass> = new Set(['loopback', 'private']);

const CLASS_TEXT: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address', private: 'a private address', unspecified: 'an unspecified address',
  'link-local': 'a link-local address', metadata: 'a cloud metadata address', multicast: 'a multicast address',
  broadcast: 'the broadcast address', documentation: 'a documentation address', reserved: 'a reserved address',
  zoned: 'an IPv6 address with a zone id', invalid: 'not an IP address',
};

function v4Number(text: string): number {
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** 128 bits of an IPv6 address in any valid spelling (`::`, a dotted IPv4 tail). */
function v6Number(text: string): bigint {
  let s = text;
  const tail = s.slice(s.lastIndexOf(':') + 1);
  if (tail.includes('.')) {
    const v4 = v4Number(tail);
    s = `${s.slice(0, s.length - tail.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, rest] = s.split('::');
  const groups = head ? head.split(':') : [];
  if (rest !== undefined) {
    const after = rest ? rest.split(':') : [];
    groups.push(...Array<string>(8 - groups.length - after.length).fill('0'), ...after);
  }
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

type Judged = AddressClass | ((address: bigint) => AddressClass);
interface Range<N> { base: N; bits: number; judged: Judged }

const v4Range = (cidr: string, judged: AddressClass): Range<number> => {
  const [base, bits] = cidr.split('/');
  return { base: v4Number(base), bits: Number(bits), judged };
};
const v6Range = (cidr: string, judged: Judged): Range<bigint> => {
  const [base, bits] = cidr.split('/');
  return { base: v6Number(base), bits: Number(bits), judged };
};

/**
 * IANA's IPv4 special-purpose registry, first match wins. The cloud metadata services (169.254.169.254 of
 * AWS, GCP, Azure, Oracle; 100.100.100.200 of Alibaba) fall in link-local and shared space already; they are
 * named first so that PUSH_WEBHOOK_ALLOW_PRIVATE, which admits shared space, never admits them.
 */
const V4_RANGES: Range<number>[] = [
  v4Range('169.254.169.254/32', 'metadata'), v4Range('100.100.100.200/32', 'metadata'),
  v4Range('0.0.0.0/8', 'unspecified'), // "this network"; 0.0.0.0 reaches the local host on Linux
  v4Range('10.0.0.0/8', 'private'), v4Range('172.16.0.0/12', 'private'), v4Range('192.168.0.0/16', 'private'),
  v4Range('100.64.0.0/10', 'private'), // shared address space (carrier-grade NAT): inside someone's network
  v4Range('127.0.0.0/8', 'loopback'),
  v4Range('169.254.0.0/16', 'link-local'),
  v4Range('192.0.0.0/24', 'reserved'), // IETF protocol assignments
  v4Range('192.0.2.0/24', 'documentation'), v4Range('198.51.100.0/24', 'documentation'), v4Range('203.0.113.0/24', 'documentation'),
  v4Range('192.88.99.0/24', 'reserved'), // the withdrawn 6to4 relay anycast
  v4Range('198.18.0.0/15', 'reserved'), // benchmarking
  v4Range('224.0.0.0/4', 'multicast'),
  v4Range('255.255.255.255/32', 'broadcast'),
  v4Range('240.0.0.0/4', 'reserved'),
];

function classifyV4(n: number): AddressClass {
  for (const r of V4_RANGES) {
    if (Math.floor(n / 2 ** (32 - r.bits)) === Math.floor(r.base / 2 ** (32 - r.bits))) return r.judged as AddressClass;
  }
  return 'public';
}

/** An IPv6 form that carries an IPv4 address is judged by that address (bits from the right: 0 = the last 32). */
const embeddedV4 = (shift: bigint) => (a: bigint) => classifyV4(Number((a >> shift) & 0xffffffffn));

/**
 * IANA's IPv6 special-purpose registry, first match wins; outside 2000::/3 (the global unicast space) nothing
 * is assigned, so whatever no line names there is reserved. AWS's IPv6 metadata service (fd00:ec2::254) lies in
 * the unique-local fc00::/7; it is named first for the reason the IPv4 ones are.
 */
const V6_RANGES: Range<bigint>[] = [
  v6Range('fd00:ec2::254/128', 'metadata'),
  v6Range('::/128', 'unspecified'), v6Range('::1/128', 'loopback'),
  v6Range('::ffff:0:0/96', embeddedV4(0n)), // IPv4-mapped
  v6Range('::/96', embeddedV4(0n)), // IPv4-compatible (deprecated)
  v6Range('64:ff9b::/96', embeddedV4(0n)), // NAT64 well-known prefix
  v6Range('64:ff9b:1::/48', 'reserved'), // local-use NAT64: where the IPv4 address sits is the network's choice
  v6Range('100::/64', 'reserved'), // discard-only
  v6Range('2001:db8::/32', 'documentation'), v6Range('3fff::/20', 'documentation'),
  v6Range('2001::/23', 'reserved'), // IETF protocol assignments, Teredo (2001::/32) among them
  v6Range('2002::/16', embeddedV4(80n)), // 6to4: the IPv4 address follows the prefix
  v6Range('2000::/3', 'public'),
  v6Range('fc00::/7', 'private'), // unique local
  v6Range('fe80::/10', 'link-local'),
  v6Range('fec0::/10', 'reserved'), // the withdrawn site-local
  v6Range('ff00::/8', 'multicast'),
];

function classifyV6(a: bigint): AddressClass {
  for (const r of V6_RANGES) {
    const shift = BigInt(128 - r.bits);
    if (a >> shift === r.base >> shift) return typeof r.judged === 'function' ? r.judged(a) : r.judged;
  }
  return 'reserved';
}

/** The class of an IP address given as text (an IPv4 address in dotted decimal, an IPv6 one in any valid spelling). */
export function classifyAddress(text: string): AddressClass {
  // A zone id only means something for an address that is not global; whatever it names, it is not a public host.
  if (text.includes('%')) return 'zoned';
  if (isIPv4(text)) return classifyV4(v4Number(text));
  if (isIPv6(text)) return classifyV6(v6Number(text));
  return 'invalid';
}

export interface LookupAddress { address: string; family: number }
/** Every address a name resolves to (node's `dns.lookup` with `all: true`); a name with none may answer [] or reject. */
export type TargetLookup = (hostname: string) => Promise<LookupAddress[]>;

export interface TargetPolicy {
  /** PUSH_WEBHOOK_ALLOW_PRIVATE: loopback and private addresses (and `localhost`) are admitted. */
  allowPrivate: boolean;
  /** PUSH_WEBHOOK_HTTPS_ONLY: plain http is refused. */
  httpsOnly: boolean;
  /** The longest a lookup may take; an unanswered one refuses the target. */
  timeoutMs: number;
  lookup: TargetLookup;
}

export const systemTargetLookup: TargetLookup = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/** The configuration's defaults (PUSH_WEBHOOK_ALLOW_PRIVATE and PUSH_WEBHOOK_HTTPS_ONLY off, PUSH_WEBHOOK_TIMEOUT_MS). */
export const DEFAULT_TARGET_POLICY: TargetPolicy = { allowPrivate: false, httpsOnly: false, timeoutMs: 5_000, lookup: systemTargetLookup };

/** A target that passed: the URL, the host to connect to (no brackets, no trailing dot), and the addresses that were checked. */
export interface CheckedTarget { url: URL; host: string; literal: boolean; addresses: LookupAddress[] }
export type TargetCheck = { ok: true; target: CheckedTarget } | { ok: false; reason: string };

const refused = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });
const admitted = (c: AddressClass, allowPrivate: boolean) => c === 'public' || (allowPrivate && PRIVATE_CLASSES.has(c));

/**
 * One answer whether a name does not resolve, resolves to a refused address, or its lookup times out: the
 * service's resolver (which may know internal zones) cannot be used to learn which internal names exist.
 */
export const NAME_REFUSED = 'the host does not resolve to an address webhooks may reach';
export const MAX_URL_CHARS = 2000;

/**
 * The checks that need no lookup: scheme, credentials, length, and a host that is an IP literal or
 * `localhost`. WHATWG URL parsing has already turned every IPv4 spelling (`2130706433`, `0x7f000001`,
 * `0177.0.0.1`, `127.1`, a trailing dot) into dotted decimal, lowercased names and compressed IPv6; a zone id
 * is no valid URL host. A literal's target holds its one address; a name's holds none until resolveTarget.
 */
export function checkTargetUrl(raw: string, policy: Pick<TargetPolicy, 'allowPrivate' | 'httpsOnly'>): TargetCheck {
  if (raw.length > MAX_URL_CHARS) return refused(`at most ${MAX_URL_CHARS} characters`);
  let url: URL;
  try { url = new URL(raw); } catch { return refused('not an absolute URL'); }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refused('must be http:// or https://');
  if (policy.httpsOnly && url.protocol !== 'https:') return refused('must be https:// (this service sends webhooks over TLS only)');
  // Credentials would be stored with the webhook and sent with every POST.
  if (url.username || url.password) return refused('must not carry credentials');
  const hostname = url.hostname;
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : isIPv4(hostname) ? hostname : null;
  if (literal !== null) {
    const c = classifyAddress(literal);
    if (!admitted(c, policy.allowPrivate)) return refused(`the host is ${CLASS_TEXT[c as Exclude<AddressClass, 'public'>]}`);
    return { ok: true, target: { url, host: literal, literal: true, addresses: [{ address: literal, family: isIPv4(literal) ? 4 : 6 }] } };
  }
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (!host || host.split('.').some((label) => !label)) return refused('the host is not a valid name');
  // RFC 6761: localhost and its subdomains are the loopback, whatever a resolver says.
  if ((host === 'localhost' || host.endsWith('.localhost')) && !policy.allowPrivate) return refused(`the host is ${CLASS_TEXT.loopback}`);
  return { ok: true, target: { url, host, literal: false, addresses: [] } };
}

/**
 * The whole check: the URL's, then a lookup of a name (one, bounded by the policy's timeout), then every
 * address it answers, each of which must be admitted. A delivery connects to the answered addresses only.
 */
export async function resolveTarget(raw: string, policy: TargetPolicy): Promise<TargetCheck> {
  const checked = checkTargetUrl(raw, policy);
  if (!checked.ok || checked.target.literal) return checked;
  const { target } = checked;
  const addresses = await withinMs(policy.lookup(target.host), policy.timeoutMs).catch(() => undefined);
  if (!addresses?.length) return refused(NAME_REFUSED);
  if (!addresses.every((a) => admitted(classifyAddress(a.address), policy.allowPrivate))) return refused(NAME_REFUSED);
  return { ok: true, target: { ...target, addresses: addresses.map((a) => ({ address: a.address, family: isIPv4(a.address) ? 4 : 6 })) } };
}
