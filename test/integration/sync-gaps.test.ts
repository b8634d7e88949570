// Gaps found by block confirmations, against a node double whose stream leaves events out: the
// block is read again from its first event and only what it lacked is applied (each follow counts
// once), with the block confirmation first in its block or last; what is still missing after the
// second reading is counted, and the stream goes on.
import type { HubEvent } from '@farcaster/hub-nodejs';
import { parsePrometheus } from '../helpers/prometheus-text';
import { LiveRig } from '../helpers/sync-rig';
import { waitForEqual } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;

beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe.each(['first', 'last'] as const)('live sync: a stream that loses events (block confirmation %s)', (blockConfirmed) => {
  let rig: LiveRig;
  beforeEach(async () => { rig = await new LiveRig(server, { blockConfirmed }).open(); });
  afterEach(async () => { await rig.close(); });

  const followers = (fids: number[]) => Promise.all(fids.map((fid) => rig.answers.followersTotal(fid)));
  const followOf = (target: number) => (e: HubEvent) => e.mergeMessageBody?.message?.data?.linkBody?.targetFid === target;

  it('a block short of its confirmation is read again and its lost event applied once', async () => {
    const { double, f, answers: a } = rig;
    const engine = await rig.engine();
    await rig.register(401, 402, 403, 404, 405);
    const shard = double.store.shardOf(401);
    double.loseOnStream(followOf(402));
    // One block of three follows by 401 (all on its shard); the first does not reach the stream.
    double.submit([await f.linkAdd(401, 402), await f.linkAdd(401, 403), await f.linkAdd(401, 404)]);
    // The next block takes the stream past the short one.
    double.submit([await f.linkAdd(401, 405)]);
    await waitForEqual('followers of 402..405', () => followers([402, 403, 404, 405]), [1, 1, 1, 1]);
    expect((await a.user(401)).stats.following).toBe(4);
    expect({ gaps: engine.status.shard(shard).gaps, unfilled: engine.status.shard(shard).gapsUnfilled }).toEqual({ gaps: 1, unfilled: 0 });
    // The cursor reaches the node's newest event: the stream went on past the block it read again.
    await waitForEqual('the cursor at the node\'s head', async () => (await rig.cursors())[shard], rig.nodeHeads()[shard]);
  });

  it('a block still short after the second reading is counted, and the events after it apply', async () => {
    const { double, f } = rig;
    const engine = await rig.engine();
    await rig.register(411, 412, 413, 414);
    const shard = double.store.shardOf(411);
    // The first reading and the second both lose the block's first follow.
    double.loseOnStream(followOf(412), 2);
    double.submit([await f.linkAdd(411, 412), await f.linkAdd(411, 413)]);
    double.submit([await f.linkAdd(411, 414)]);
    await waitForEqual('followers of 413 and 414', () => followers([413, 414]), [1, 1]);
    expect(await followers([412])).toEqual([0]);
    expect({ gaps: engine.status.shard(shard).gaps, unfilled: engine.status.shard(shard).gapsUnfilled }).toEqual({ gaps: 1, unfilled: 1 });
    await waitForEqual('sga_sync_gaps_unfilled_total', async () => {
      const m = parsePrometheus(await (await fetch(`${server.baseUrl}/metrics`)).text());
      return [m.value('sga_sync_gaps_total', { shard: String(shard) }), m.value('sga_sync_gaps_unfilled_total', { shard: String(shard) })];
    }, [1, 1]);
  });
});
