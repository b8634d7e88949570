// Logs encoded by viem from the sync's ABI, decoded by the sync's decoder: each followed
// event becomes the op the writer expects, and a log it cannot read is counted, not applied.
import { decodeLogs, postIdOf } from '../../../src/lens-sync/log-decoder';
import type { RawLog } from '../../../src/lens-sync/rpc-client';
import {
  accountCreated, actionExecuted, addr, followed, MAINNET, ownerTransferred, postCreated, postDeleted, unfollowed, usernameAssigned, usernameUnassigned,
  type EventLog,
} from '../../helpers/lens-rpc-double/lens-events';

const AT = '2025-05-12T09:00:00.000Z';
const placed = (logs: EventLog[], block = 7): RawLog[] => logs.map((l, i) => ({
  ...l, blockNumber: `0x${block.toString(16)}`, blockHash: `0x${'11'.repeat(32)}`, transactionHash: `0x${'ab'.repeat(32)}`, logIndex: `0x${i.toString(16)}`,
}));
const decode = (logs: EventLog[]) => decodeLogs(placed(logs), new Map([[7n, AT]]), MAINNET);
const [A, B] = [addr(0xa1), addr(0xb2)];

describe('decodeLogs', () => {
  it('when each followed event is decoded, then it is the op the writer applies, in chain order', () => {
    const { ops, undecoded } = decode([
      accountCreated(A, B), ownerTransferred(A, B, addr(3)), usernameAssigned('älice', A), usernameUnassigned('old', A),
      followed(B, A), unfollowed(B, A), postCreated({ id: 9n, author: A, replied: 5n, root: 5n }), postCreated({ id: 10n, author: B, reposted: 9n }),
      postCreated({ id: 11n, author: B, quoted: 9n }), postDeleted(11n, B),
      actionExecuted({ action: MAINNET.collectAction, sender: B, postId: 9n, postAuthor: A, amount: 5n, token: addr(0x60) }),
    ]);
    expect(undecoded).toBe(0);
    expect(ops.map((o) => Number(o.seq & 0xfffffn))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ops.every((o) => o.block === 7n && o.at === AT)).toBe(true);
    const facts = ops.map((o) => Object.fromEntries(Object.entries(o).filter(([k]) => !['seq', 'block', 'at'].includes(k))));
    expect(facts).toEqual([
      { kind: 'account', account: A, owner: B },
      { kind: 'owner', account: A, owner: addr(3) },
      { kind: 'username', account: A, name: 'älice', assigned: true },
      { kind: 'username', account: A, name: 'old', assigned: false },
      { kind: 'follow', follower: B, followed: A, following: true },
      { kind: 'follow', follower: B, followed: A, following: false },
      { kind: 'post', id: postIdOf(9n), author: A, postTypes: ['comment'], parent: postIdOf(5n), quoted: null, root: postIdOf(5n) },
      { kind: 'post', id: postIdOf(10n), author: B, postTypes: ['repost'], parent: postIdOf(9n), quoted: null, root: null },
      { kind: 'post', id: postIdOf(11n), author: B, postTypes: ['quote'], parent: null, quoted: postIdOf(9n), root: null },
      { kind: 'postDeleted', id: postIdOf(11n) },
      { kind: 'act', actId: `v3-0x${'ab'.repeat(32)}-10`, historyId: (7n << 20n) | 10n, post: postIdOf(9n), actor: B, isCollect: true,
        currency: addr(0x60), amount: '5', data: expect.stringContaining('"lens.param.amount"') },
    ]);
  });

  it('when a log is truncated, of an unknown event or from a contract that does not emit it, then it is counted and not applied', () => {
    const good = followed(B, A);
    const fake = { ...accountCreated(A, B), address: MAINNET.graph };
    const { ops, undecoded } = decode([{ ...usernameAssigned('x', A), data: '0x00' }, { ...good, topics: [`0x${'ee'.repeat(32)}`] }, fake, good]);
    expect(undecoded).toBe(3);
    expect(ops.map((o) => o.kind)).toEqual(['follow']);
  });

  it('when a follow is of another graph, then it is no op', () => {
    expect(decode([followed(B, A, addr(0x99))])).toEqual({ ops: [], undecoded: 0 });
  });
});
