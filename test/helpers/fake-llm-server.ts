// A local stand-in for an OpenAI-compatible chat-completions server. It checks
// requests the way the real API would (method, path, bearer key, JSON body
// with model and messages), answers in the real response format, records every
// request, and can be scripted per test: label posts by a function, delay,
// fail with a status (and Retry-After), send unusable content, leave posts out.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CATEGORIES } from '../../src/domain/taxonomy';

export interface FakePost { id: string; text: string; tags: string[] }

/** What the "model" says about one post; null leaves the post out of the answer. */
export type FakeAnswer = { categories: string[]; terms: string[] } | null;

export interface FakeReply {
  /** Answer with this HTTP status and an OpenAI-style error body instead of a completion. */
  status?: number;
  retryAfter?: string;
  /** Wait this long before answering (for client timeouts). */
  delayMs?: number;
  /** Use this as the message content instead of the labels. */
  content?: string;
  /** Wrap the labels' JSON in ```json fences, as some models do. */
  fenced?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body; undefined when it was not JSON. */
  body: any;
  /** The posts of the user message. */
  posts: FakePost[];
  /** When the request arrived (Date.now()). */
  at: number;
  /** The status answered. */
  status?: number;
}

/** Default labelling: categories whose name is a word of the text or a tag; terms are the longer words. */
export function keywordAnswer(p: FakePost): FakeAnswer {
  const words: string[] = p.text.toLowerCase().match(/[a-z]+/g) ?? [];
  return {
    categories: CATEGORIES.filter((c) => words.includes(c.name) || p.tags.includes(c.name)).map((c) => c.name),
    terms: [...new Set(words.filter((w) => w.length >= 6))],
  };
}

export class FakeLlmServer {
  readonly requests: RecordedRequest[] = [];
  /** Labels of a post; tests replace it. */
  answer: (p: FakePost) => FakeAnswer = keywordAnswer;
  /** Replies for the next requests, one each, in arrival order. */
  readonly queue: FakeReply[] = [];
  /** The reply once the queue is empty ({} = a normal answer). */
  defaultReply: FakeReply = {};
  inFlight = 0;
  maxInFlight = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(private readonly server: Server, readonly apiKey: string | undefined, readonly baseUrl: string) {}

  /** Starts on a free port; baseUrl ends in /v1 like a real endpoint. */
  static async start(opts: { apiKey?: string } = {}): Promise<FakeLlmServer> {
    const server = createServer((req, res) => {
      fake.handle(req, res).catch((err: Error) => { if (!res.headersSent) res.writeHead(500); res.end(String(err)); });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeLlmServer(server, opts.apiKey, `http://127.0.0.1:${port}/v1`);
    return fake;
  }

  /** The posts of every request, in arrival order. */
  get batches(): FakePost[][] { return this.requests.map((r) => r.posts); }

  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
    this.defaultReply = {};
    this.answer = keywordAnswer;
    this.inFlight = 0;
    this.maxInFlight = 0;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const rec: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: undefined, posts: [], at: Date.now() };
    this.requests.push(rec);
    try { rec.body = JSON.parse(raw); } catch { /* checked below */ }
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      rec.status = status;
      if (res.destroyed) return; // the client gave up (timeout)
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, message: string, type: string, headers?: Record<string, string>) =>
      send(status, { error: { message, type, param: null, code: null } }, headers);

    if (rec.method !== 'POST') return error(405, `Method ${rec.method} not allowed`, 'invalid_request_error');
    if (rec.path !== '/v1/chat/completions') return error(404, `Unknown path ${rec.path}`, 'invalid_request_error');
    if (this.apiKey !== undefined && req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return error(401, 'Incorrect API key provided.', 'invalid_request_error');
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) return error(400, 'Content-Type must be application/json', 'invalid_request_error');
    const body = rec.body;
    if (typeof body?.model !== 'string' || !Array.isArray(body.messages) || !body.messages.length
      || !body.messages.every((m: any) => ['system', 'user', 'assistant'].includes(m?.role) && typeof m?.content === 'string')) {
      return error(400, 'Body needs a model and messages [{role, content}]', 'invalid_request_error');
    }
    const user = body.messages.find((m: any) => m.role === 'user');
    try { rec.posts = JSON.parse(user.content); } catch { return error(400, 'user message is not the JSON posts array', 'invalid_request_error'); }

    const reply = this.queue.shift() ?? this.defaultReply;
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    let done = false;
    const finish = () => { if (!done) { done = true; this.inFlight -= 1; } };
    res.on('close', finish);
    if (reply.delayMs) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => { this.timers.delete(t); resolve(); }, reply.delayMs);
        this.timers.add(t);
      });
    }
    finish();
    if (reply.status && reply.status !== 200) {
      const headers: Record<string, string> = reply.retryAfter !== undefined ? { 'retry-after': reply.retryAfter } : {};
      return error(reply.status, `Scripted failure ${reply.status}`, reply.status === 429 ? 'rate_limit_exceeded' : 'server_error', headers);
    }
    const labelled = rec.posts.flatMap((p) => {
      const a = this.answer(p);
      return a ? [{ id: p.id, categories: a.categories, terms: a.terms }] : [];
    });
    const json = JSON.stringify({ posts: labelled });
    const content = reply.content ?? (reply.fenced ? '```json\n' + json + '\n```' : json);
    const promptTokens = Math.ceil(raw.length / 4);
    const completionTokens = Math.ceil(content.length / 4);
    send(200, {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  }
}
