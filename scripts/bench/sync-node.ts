// The node double on its own thread, so that encoding and sending events does not
// take the sync's event loop (a real node is another machine). It records when it
// hands each event to its gRPC stream, for the lag figures.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { HubEvent, type SubscribeRequest } from '@farcaster/hub-nodejs';
import type { ServerWritableStream } from '@grpc/grpc-js';
import { HubDouble } from '../../test/helpers/hub-double/hub-double';

type Request =
  | { op: 'start'; numShards: number }
  | { op: 'rate'; perSubscriber: number | 'max' }
  | { op: 'preload'; shard: number; events: Uint8Array[]; eventsPerBlock: number }
  | { op: 'record'; on: boolean }
  | { op: 'sent' }
  | { op: 'info' }
  | { op: 'stop' };

/** Wall-clock ms with sub-ms precision, comparable across threads of one process. */
export const wallMs = () => performance.timeOrigin + performance.now();

export interface SentTimes { shard: number[]; id: number[]; at: number[] }

function serve(): void {
  let double: HubDouble | null = null;
  let recording = false;
  let sent: SentTimes = { shard: [], id: [], at: [] };
  const handle = async (r: Request): Promise<unknown> => {
    switch (r.op) {
      case 'start': {
        double = new HubDouble({ numShards: r.numShards });
        // The double keeps its subscribers private; its subscribe handler is wrapped to see each write.
        const d = double as unknown as { subscribe(call: ServerWritableStream<SubscribeRequest, HubEvent>): void };
        const subscribe = d.subscribe.bind(double);
        d.subscribe = (call) => {
          const write = call.write.bind(call) as (e: HubEvent) => boolean;
          const shard = call.request.shardIndex ?? 0;
          (call as unknown as { write: (e: HubEvent) => boolean }).write = (e: HubEvent) => {
            if (recording) { sent.shard.push(shard); sent.id.push(e.id); sent.at.push(wallMs()); }
            return write(e);
          };
          subscribe(call);
        };
        return double.start();
      }
      case 'rate': double!.streamRate(r.perSubscriber); return null;
      case 'preload': {
        const templates = r.events.map((b) => HubEvent.decode(b));
        double!.preload(r.shard, templates, templates.length, r.eventsPerBlock);
        const events = double!.store.sealedEvents(r.shard);
        return { lastId: events[events.length - 1].id, total: events.length };
      }
      case 'record': recording = r.on; return null;
      case 'sent': { const out = sent; sent = { shard: [], id: [], at: [] }; return out; }
      case 'info': return { openStreams: double!.openStreams, streamsOpened: double!.streamsOpened };
      case 'stop': await double?.stop(); return null;
    }
  };
  parentPort!.on('message', (m: { seq: number; req: Request }) => {
    handle(m.req).then((value) => parentPort!.postMessage({ seq: m.seq, value }), (err: unknown) => parentPort!.postMessage({ seq: m.seq, error: String((err as Error | undefined)?.stack ?? err) }));
  });
}

/** The main thread's handle on the double's thread. */
export class NodeThread {
  private readonly worker: Worker;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();

  constructor() {
    this.worker = new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(__filename)});`,
      { eval: true, workerData: { role: 'node' } });
    this.worker.on('message', (m: { seq: number; value?: unknown; error?: string }) => {
      const p = this.pending.get(m.seq);
      this.pending.delete(m.seq);
      if (m.error) p?.reject(new Error(m.error)); else p?.resolve(m.value);
    });
    this.worker.on('error', (err) => { for (const p of this.pending.values()) p.reject(err); this.pending.clear(); });
  }

  private call<T>(req: Request): Promise<T> {
    const seq = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(seq, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ seq, req });
    });
  }

  start(numShards: number): Promise<string> { return this.call({ op: 'start', numShards }); }
  rate(perSubscriber: number | 'max'): Promise<void> { return this.call({ op: 'rate', perSubscriber }); }
  preload(shard: number, events: Uint8Array[], eventsPerBlock: number): Promise<{ lastId: number; total: number }> {
    return this.call({ op: 'preload', shard, events, eventsPerBlock });
  }
  record(on: boolean): Promise<void> { return this.call({ op: 'record', on }); }
  sent(): Promise<SentTimes> { return this.call({ op: 'sent' }); }
  info(): Promise<{ openStreams: number; streamsOpened: number }> { return this.call({ op: 'info' }); }
  async stop(): Promise<void> { await this.call({ op: 'stop' }); await this.worker.terminate(); }
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'node') serve();
