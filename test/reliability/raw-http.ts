// A bare HTTP client for the fuzz suite: node:http sends the path and headers
// exactly as generated (fetch would normalise them), and every request can be
// printed as a curl line to reproduce a failure.
import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query, already percent-encoded (or deliberately mis-encoded). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawResponse { status: number; contentType: string; text: string; json: unknown }

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Sends one request; a kept-alive socket the server closed meanwhile is retried once on a new one (Node's advice). */
export async function send(baseUrl: string, r: RawRequest): Promise<RawResponse> {
  try {
    return await sendOnce(baseUrl, r);
  } catch (err) {
    if ((err as { reusedSocket?: boolean }).reusedSocket && ['ECONNRESET', 'EPIPE'].includes((err as NodeJS.ErrnoException).code ?? '')) return sendOnce(baseUrl, r);
    throw err;
  }
}

function sendOnce(baseUrl: string, r: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname, port: url.port, method: r.method, path: r.path, agent,
      headers: { ...r.headers, ...(r.body ? { 'content-length': String(r.body.length) } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try { json = JSON.parse(text); } catch { json = undefined; }
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text, json });
      });
    });
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    req.end(r.body);
  });
}

export const closeAgent = () => agent.destroy();

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const printable = (b: Buffer) => b.toString('utf8') === b.toString('latin1') && /^[\x20-\x7e\n\t]*$/.test(b.toString('latin1'));

/** A curl command that sends the same request (binary bodies as base64 piped through `base64 -d`). */
export function curlOf(baseUrl: string, r: RawRequest): string {
  const headers = Object.entries(r.headers).map(([k, v]) => `-H ${shellQuote(`${k}: ${v}`)}`).join(' ');
  const head = `curl -sS -X ${r.method} --path-as-is ${headers} ${shellQuote(baseUrl + r.path)}`;
  if (!r.body) return head;
  if (printable(r.body)) return `${head} --data-binary ${shellQuote(r.body.toString('utf8'))}`;
  return `echo ${r.body.toString('base64')} | base64 -d | ${head} --data-binary @-`;
}
