// What the logger takes out of a line: key parameters of a url by name (any
// case, percent-encoded or not), the rest of the url as sent; and any key's
// secret by its shape, wherever it is.
import { Writable } from 'node:stream';
import { newKeySecret, keyPrefix } from '../../src/auth/key-secret';
import { createLogger, redactedUrl, requestSerializer, withoutKeySecrets } from '../../src/logging/logger';

describe('keys taken out of log lines', () => {
  it('when a url carries a key parameter, then its value is replaced and every other part is kept as sent', () => {
    expect(redactedUrl('/graphiql?apikey=abc&from=sandbox')).toBe('/graphiql?apikey=[redacted]&from=sandbox');
    expect(redactedUrl('/x?a=1&APIKEY=abc&Api_Key=def&b=%20two')).toBe('/x?a=1&APIKEY=[redacted]&Api_Key=[redacted]&b=%20two');
    expect(redactedUrl('/x?api%5Fkey=abc&%61pikey=def')).toBe('/x?api%5Fkey=[redacted]&%61pikey=[redacted]');
    // Other names, a name without a value, no query at all: unchanged.
    expect(redactedUrl('/x?key=1&monkey=2&apikeys=3&apikey')).toBe('/x?key=1&monkey=2&apikeys=3&apikey');
    expect(redactedUrl('/api/farcaster/user/profile/1')).toBe('/api/farcaster/user/profile/1');
    expect(redactedUrl('/x?%E0%A4%A=1&apikey=z')).toBe('/x?%E0%A4%A=1&apikey=[redacted]');
  });

  it('when a request is serialized, then its url and parsed query lose the key and keep the rest', () => {
    expect(requestSerializer({ id: 'r', method: 'GET', url: '/a?ApiKey=k&x=1', query: { ApiKey: 'k', x: '1' } }))
      .toEqual({ id: 'r', method: 'GET', url: '/a?ApiKey=[redacted]&x=1', query: { ApiKey: '[redacted]', x: '1' } });
    expect(requestSerializer(undefined)).toBeUndefined();
  });

  it('when a line holds a key\'s secret anywhere, then it is replaced; the prefix keys list shows is kept', () => {
    const secret = newKeySecret();
    expect(withoutKeySecrets(`{"msg":"bad value \\"${secret}\\""}`)).toBe('{"msg":"bad value \\"[redacted]\\""}');
    expect(withoutKeySecrets(`prefix ${keyPrefix(secret)}…`)).toBe(`prefix ${keyPrefix(secret)}…`);
  });

  it('when the logger writes, then headers, url parameters and secrets in messages and errors are gone, other fields kept', () => {
    const out: string[] = [];
    const log = createLogger('info', new Writable({ write(c, _e, done) { out.push(String(c)); done(); } }));
    const secret = newKeySecret();
    log.child({ req: { id: 'r', url: `/graphql?apikey=${secret}&q=1` } }).warn(`saw ${secret}`);
    log.info({ req: { headers: { apikey: 'plain-text-key', host: 'h' } }, apikey: 'another' }, 'x');
    log.error({ err: new Error(`value ${secret} refused`) }, 'boom');
    const text = out.join('');
    expect([text.includes(secret), text.includes('plain-text-key'), text.includes('another')]).toEqual([false, false, false]);
    const [first, second, third] = text.trim().split('\n').map((l) => JSON.parse(l));
    expect([first.req.url, first.msg]).toEqual(['/graphql?apikey=[redacted]&q=1', 'saw [redacted]']);
    expect([second.req.headers, second.apikey]).toEqual([{ apikey: '[redacted]', host: 'h' }, '[redacted]']);
    expect(third.err.message).toBe('value [redacted] refused');
  });
});
