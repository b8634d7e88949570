// The webhook target policy as units: every special-purpose range on both
// sides of its edges, the IPv6 forms that carry an IPv4 address, the spellings
// the URL parser folds (proved here, relied on by the policy), names, userinfo,
// the two settings, and resolveTarget over an injected lookup. No connection is
// made and no real name is looked up.
import { loadConfig, ConfigError } from '../../src/config/load-config';
import { pushOptionsOf } from '../../src/push/push-options';
import {
  checkTargetUrl, classifyAddress, NAME_REFUSED, resolveTarget, type AddressClass, type TargetLookup, type TargetPolicy,
} from '../../src/push/webhook-target';
import { TableLookup } from '../helpers/test-lookup';

const REFUSED: Record<Exclude<AddressClass, 'public'>, string[]> = {
  unspecified: ['0.0.0.0', '0.1.2.3', '0.255.255.255', '::', '0:0:0:0:0:0:0:0', '::ffff:0.0.0.0'],
  loopback: [
    '127.0.0.1', '127.0.0.0', '127.255.255.255', '::1', '0000:0000:0000:0000:0000:0000:0000:0001',
    '::ffff:127.0.0.1', '::FFFF:7F00:1', '0:0:0:0:0:ffff:7f00:1', // mapped
    '::127.0.0.1', '::7f00:1', // compatible
    '64:ff9b::127.0.0.1', '64:ff9b::7f00:1', // NAT64
    '2002:7f00:1::', '2002:7f00:0001:ffff::1', // 6to4
  ],
  private: [
    '10.0.0.0', '10.255.255.255', '172.16.0.0', '172.31.255.255', '192.168.0.0', '192.168.255.255',
    '100.64.0.0', '100.100.100.199', '100.127.255.255', // shared address space (carrier-grade NAT)
    'fc00::', 'fc00::1', 'fd12:3456:789a::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '::ffff:10.0.0.1', '::ffff:192.168.1.1', '::ac10:1', '64:ff9b::a00:1', '2002:c0a8:101::1', '2002:6440:1::',
  ],
  'link-local': ['169.254.0.0', '169.254.1.1', '169.254.255.255', 'fe80::', 'fe80::1', 'febf:ffff::1', '::ffff:169.254.1.1'],
  metadata: ['169.254.169.254', '100.100.100.200', 'fd00:ec2::254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::'],
  multicast: ['224.0.0.0', '224.0.0.1', '239.255.255.255', 'ff00::', 'ff02::1', 'ff0e::1', '::ffff:224.0.0.1'],
  broadcast: ['255.255.255.255', '::ffff:255.255.255.255'],
  documentation: ['192.0.2.0', '192.0.2.255', '198.51.100.7', '203.0.113.255', '2001:db8::', '2001:db8:ffff::1', '3fff::1', '3fff:fff::1', '::ffff:192.0.2.1'],
  reserved: [
    '192.0.0.0', '192.0.0.255', '192.88.99.1', '198.18.0.0', '198.19.255.255', '240.0.0.0', '250.1.2.3', '255.255.255.254',
    '64:ff9b:1::1', '64:ff9b:1:ffff::1', // local-use NAT64
    '100::', '100::ffff:ffff:ffff:ffff', // discard-only
    '2001::', '2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:1ff:ffff::1', // IETF block, Teredo in it
    'fec0::1', 'feff::1', // withdrawn site-local
    '4000::1', '1::1', '::ffff:0:7f00:1', '5f00::1', 'e000::1', // outside 2000::/3, unassigned
  ],
  zoned: ['fe80::1%eth0', 'fe80::1%1', '2606:4700::1111%en0'],
  invalid: ['', 'localhost', '127.1', '0x7f000001', '2130706433', '0177.0.0.1', '1.2.3', '1.2.3.4.5', '::g', '[::1]'],
};

const PUBLIC = [
  '8.8.8.8', '1.1.1.1', '9.255.255.255', '11.0.0.0', '126.255.255.255', '128.0.0.0', '172.15.255.255', '172.32.0.0',
  '192.167.255.255', '192.169.0.0', '100.63.255.255', '100.128.0.0', '169.253.255.255', '169.255.0.0', '192.0.1.0',
  '192.0.3.0', '198.17.255.255', '198.20.0.0', '198.51.99.255', '203.0.114.0', '223.255.255.255',
  '2606:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001::1', '2001:200::1', '2001:db7:ffff::1', '2001:db9::1',
  '3fff:1000::1', '3ffe::1', '2000::1', '::ffff:8.8.8.8', '::808:808', '64:ff9b::808:808', '2002:808:808::1',
];

/** A policy over a table of names; `calls` counts the lookups. */
function policyOver(table: Record<string, string[]>, settings: Partial<TargetPolicy> = {}): TargetPolicy & { names: TableLookup } {
  const names = new TableLookup(table);
  return { allowPrivate: false, httpsOnly: false, timeoutMs: 1_000, lookup: names.lookup, names, ...settings };
}
const reasonOf = (raw: string, settings: Partial<TargetPolicy> = {}) => {
  const c = checkTargetUrl(raw, { allowPrivate: false, httpsOnly: false, ...settings });
  return c.ok ? null : c.reason;
};

describe('webhook target addresses', () => {
  it.each(Object.entries(REFUSED))('when an address is %s, then it is classified so, in every spelling', (cls, addresses) => {
    expect(addresses.map((a) => [a, classifyAddress(a)])).toEqual(addresses.map((a) => [a, cls]));
  });

  it('when an address is public unicast (the neighbours of every refused range among them), then it is public', () => {
    expect(PUBLIC.map((a) => [a, classifyAddress(a)])).toEqual(PUBLIC.map((a) => [a, 'public']));
  });
});

describe('webhook target URLs', () => {
  it('when a host spells 127.0.0.1 otherwise, then the URL parser folds it to 127.0.0.1 and the URL is refused as loopback', () => {
    const spellings = ['2130706433', '0x7f000001', '0X7F000001', '0177.0.0.1', '0177.0.0.01', '127.1', '127.0.1', '0x7f.1', '127.0.0.1.', '%31%32%37.0.0.1'];
    expect(spellings.map((h) => new URL(`http://${h}:8080/hook`).hostname)).toEqual(spellings.map(() => '127.0.0.1'));
    expect(spellings.map((h) => reasonOf(`http://${h}:8080/hook`))).toEqual(spellings.map(() => 'the host is a loopback address'));
  });

  it('when a host is an IPv6 literal in another spelling, then the parser compresses it and the embedded IPv4 is judged', () => {
    expect(new URL('http://[0:0:0:0:0:FFFF:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
    expect(['[::1]', '[0:0::1]', '[::ffff:127.0.0.1]', '[::FFFF:7F00:1]', '[::127.0.0.1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]']
      .map((h) => reasonOf(`https://${h}/`))).toEqual(Array(7).fill('the host is a loopback address'));
    expect(reasonOf('http://[::ffff:169.254.169.254]/')).toBe('the host is a cloud metadata address');
    expect(reasonOf('http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/')).toBe('the host is a reserved address');
    expect(reasonOf('http://[fe80::1%25eth0]/')).toBe('not an absolute URL'); // a zone id is no valid URL host
  });

  it('when the host is localhost in any case, with a trailing dot or as a subdomain, then it is refused without a lookup', async () => {
    const p = policyOver({});
    for (const raw of ['http://localhost/', 'http://LOCALHOST./hook', 'http://LocalHost:4000/', 'http://api.localhost/', 'http://a.b.LOCALHOST./', 'http://%6c%6fcalhost/']) {
      expect([raw, await resolveTarget(raw, p)]).toEqual([raw, { ok: false, reason: 'the host is a loopback address' }]);
    }
    expect(p.names.calls).toEqual([]);
  });

  it('when the other special ranges are literal hosts, then each is refused naming its kind', () => {
    expect({
      zero: reasonOf('http://0/'), unspecified: reasonOf('http://[::]/'), private: reasonOf('http://10.1.2.3/'), shared: reasonOf('http://100.64.0.1/'),
      metadata: reasonOf('http://169.254.169.254/latest/meta-data/'), metadataV6: reasonOf('http://[fd00:ec2::254]/'), linkLocal: reasonOf('http://[fe80::1]/'),
      multicast: reasonOf('http://224.0.0.251/'), broadcast: reasonOf('http://255.255.255.255/'), documentation: reasonOf('http://192.0.2.1/'),
      reserved: reasonOf('http://240.1.1.1/'), public: reasonOf('http://8.8.8.8/'), publicV6: reasonOf('https://[2606:4700::1111]:8443/'),
    }).toEqual({
      zero: 'the host is an unspecified address', unspecified: 'the host is an unspecified address', private: 'the host is a private address',
      shared: 'the host is a private address', metadata: 'the host is a cloud metadata address', metadataV6: 'the host is a cloud metadata address',
      linkLocal: 'the host is a link-local address', multicast: 'the host is a multicast address', broadcast: 'the host is the broadcast address',
      documentation: 'the host is a documentation address', reserved: 'the host is a reserved address', public: null, publicV6: null,
    });
  });

  it('when the URL carries credentials, another scheme, no scheme or too many characters, then it is refused saying which', () => {
    expect(['http://user:pass@example.com/', 'http://user@example.com/', 'https://:pass@example.com/'].map((u) => reasonOf(u)))
      .toEqual(Array(3).fill('must not carry credentials'));
    expect(['ftp://example.com/', 'file:///etc/passwd', 'ws://example.com/', 'javascript:alert(1)', 'gopher://example.com/'].map((u) => reasonOf(u)))
      .toEqual(Array(5).fill('must be http:// or https://'));
    expect(['example.com/hook', '/hook', '', 'http://'].map((u) => reasonOf(u))).toEqual(Array(4).fill('not an absolute URL'));
    expect(reasonOf(`https://example.com/${'a'.repeat(1990)}`)).toBe('at most 2000 characters');
    expect(reasonOf('http://a..b/')).toBe('the host is not a valid name');
  });

  it('when https-only is on, then plain http is refused and https is not', () => {
    expect(reasonOf('http://example.com/hook', { httpsOnly: true })).toBe('must be https:// (this service sends webhooks over TLS only)');
    expect(reasonOf('https://example.com/hook', { httpsOnly: true })).toBeNull();
    expect(reasonOf('http://example.com/hook')).toBeNull();
  });

  it('when private targets are allowed, then loopback, private and shared space pass, and metadata, link-local and the rest stay refused', () => {
    const allowed = ['http://127.0.0.1:8080/', 'http://2130706433/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://10.0.0.1/', 'http://192.168.1.10/',
      'http://172.20.0.5/', 'http://100.64.0.1/', 'http://[fd12::1]/', 'http://localhost/', 'http://api.localhost./'];
    expect(allowed.map((u) => [u, reasonOf(u, { allowPrivate: true })])).toEqual(allowed.map((u) => [u, null]));
    const still = ['http://169.254.169.254/', 'http://100.100.100.200/', 'http://[fd00:ec2::254]/', 'http://[::ffff:169.254.169.254]/', 'http://169.254.1.1/',
      'http://[fe80::1]/', 'http://0.0.0.0/', 'http://[::]/', 'http://224.0.0.1/', 'http://255.255.255.255/', 'http://192.0.2.1/', 'http://198.18.0.1/', 'http://[2001::1]/'];
    expect(still.map((u) => [u, reasonOf(u, { allowPrivate: true })]).filter(([, r]) => r === null)).toEqual([]);
  });

  it('when a name is mixed case or ends with a dot, then the name resolved is the lower-case one without the dot', async () => {
    const p = policyOver({ 'hook.test': ['203.0.114.1'] });
    const r = await resolveTarget('https://Hook.TEST./events?x=1', p);
    if (!r.ok) throw new Error(r.reason);
    expect({ ...r.target, url: r.target.url.href }).toEqual({ url: 'https://hook.test./events?x=1', host: 'hook.test', literal: false, addresses: [{ address: '203.0.114.1', family: 4 }] });
    expect(p.names.calls).toEqual(['hook.test']);
  });
});

describe('resolveTarget', () => {
  it('when a name resolves to a public address and a private one, then it is refused: every address is checked', async () => {
    const p = policyOver({
      'mixed.test': ['93.184.215.14', '10.0.0.1'], 'mixed6.test': ['2606:4700::1111', '::1'], 'mapped.test': ['::ffff:127.0.0.1'],
      'meta.test': ['169.254.169.254'], 'public.test': ['93.184.215.14', '2606:4700::1111'],
    });
    const outcome = async (host: string) => { const r = await resolveTarget(`https://${host}/hook`, p); return r.ok ? r.target.addresses.map((a) => a.address) : r.reason; };
    expect({
      mixed: await outcome('mixed.test'), mixed6: await outcome('mixed6.test'), mapped: await outcome('mapped.test'),
      meta: await outcome('meta.test'), public: await outcome('public.test'),
    }).toEqual({ mixed: NAME_REFUSED, mixed6: NAME_REFUSED, mapped: NAME_REFUSED, meta: NAME_REFUSED, public: ['93.184.215.14', '2606:4700::1111'] });
  });

  it('when a name does not resolve, resolves to nothing, or its lookup outlasts the timeout, then it is refused with the same answer as a refused address', async () => {
    const p = policyOver({ 'empty.test': [] });
    expect((await resolveTarget('https://nowhere.test/', p) as { reason: string }).reason).toBe(NAME_REFUSED);
    expect((await resolveTarget('https://empty.test/', p) as { reason: string }).reason).toBe(NAME_REFUSED);
    const never: TargetLookup = () => new Promise(() => undefined);
    const started = Date.now();
    expect(await resolveTarget('https://slow.test/', { ...p, lookup: never, timeoutMs: 50 })).toEqual({ ok: false, reason: NAME_REFUSED });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('when the host is a literal, then nothing is looked up and its one address is the target', async () => {
    const p = policyOver({});
    expect(await resolveTarget('https://8.8.8.8/', p)).toEqual({ ok: true, target: expect.objectContaining({ host: '8.8.8.8', literal: true, addresses: [{ address: '8.8.8.8', family: 4 }] }) });
    expect(await resolveTarget('https://[2606:4700::1111]/', p)).toEqual({ ok: true, target: expect.objectContaining({ host: '2606:4700::1111', addresses: [{ address: '2606:4700::1111', family: 6 }] }) });
    expect(p.names.calls).toEqual([]);
  });

  it('when a name resolves to a public address at create and to 127.0.0.1 at delivery (DNS rebinding), then the second check refuses it', async () => {
    const p = policyOver({ 'rebind.test': ['93.184.215.14'] });
    expect((await resolveTarget('https://rebind.test/hook', p)).ok).toBe(true);
    p.names.table.set('rebind.test', ['127.0.0.1']);
    expect(await resolveTarget('https://rebind.test/hook', p)).toEqual({ ok: false, reason: NAME_REFUSED });
    expect(p.names.count('rebind.test')).toBe(2);
  });

  it('when private targets are allowed, then localhost is looked up and a loopback answer passes, a metadata answer does not', async () => {
    const p = policyOver({ 'meta.test': ['169.254.169.254'] }, { allowPrivate: true });
    expect(await resolveTarget('http://localhost:4000/hook', p)).toEqual({ ok: true, target: expect.objectContaining({ host: 'localhost', addresses: [{ address: '127.0.0.1', family: 4 }] }) });
    expect(await resolveTarget('http://meta.test/', p)).toEqual({ ok: false, reason: NAME_REFUSED });
    expect(p.names.calls).toEqual(['localhost', 'meta.test']);
  });
});

describe('webhook target settings', () => {
  it('when neither is set, then both are off; set on, the policy follows; another value stops start-up naming it', () => {
    expect(pushOptionsOf(loadConfig({})).targets).toMatchObject({ allowPrivate: false, httpsOnly: false, timeoutMs: 5_000 });
    expect(pushOptionsOf(loadConfig({ PUSH_WEBHOOK_ALLOW_PRIVATE: 'on', PUSH_WEBHOOK_HTTPS_ONLY: 'on', PUSH_WEBHOOK_TIMEOUT_MS: '700' })).targets)
      .toMatchObject({ allowPrivate: true, httpsOnly: true, timeoutMs: 700 });
    expect(() => loadConfig({ PUSH_WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUSH_WEBHOOK_ALLOW_PRIVATE: 'true' })).toThrow(/PUSH_WEBHOOK_ALLOW_PRIVATE/);
    expect(() => loadConfig({ PUSH_WEBHOOK_HTTPS_ONLY: '1' })).toThrow(/PUSH_WEBHOOK_HTTPS_ONLY/);
  });
});
