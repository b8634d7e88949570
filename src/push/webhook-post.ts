// One webhook POST to a target resolveTarget checked. The socket connects only
// to the checked addresses: the request's lookup answers them instead of asking
// DNS again, so an answer that changes after the check (DNS rebinding) cannot
// move the connection. The name stays the request's host, so Host, SNI and the
// certificate check are the name's. Node's request never follows a redirect:
// a 3xx is an answer like any other.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedTarget, LookupAddress } from './webhook-target';

/** Thrown (as its `code`) when the receiver has not answered within the time limit. */
export const POST_TIMEOUT = 'POST_TIMEOUT';

function checkedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
    if (!usable.length) { callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }), ''); return; }
    if (options.all) callback(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}

/** POSTs `body`; answers the status once the answer's body is drained (unread), or rejects with the connection's error. */
export function postToTarget(target: CheckedTarget, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number> {
  const { url } = target;
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request({
      method: 'POST', protocol: url.protocol, hostname: target.host, port: url.port || undefined, path: `${url.pathname}${url.search}`,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: checkedLookup(target.addresses),
      // A new connection per attempt: a pooled one would have been opened under an earlier attempt's check.
      agent: false,
      ...(secure && !target.literal ? { servername: target.host } : {}),
    }, (res) => {
      // The status counts once it is in; a body cut short by the time limit does not undo it.
      res.on('close', () => { clearTimeout(timer); resolve(res.statusCode ?? 0); });
      res.on('error', () => undefined);
      res.resume();
    });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('no answer in time'), { code: POST_TIMEOUT })), timeoutMs);
    req.on('error', (err) => { clearTimeout(timer); reject(err); });
    req.end(body);
  });
}
