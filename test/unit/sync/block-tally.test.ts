// A block's tally against its confirmation's counts per type.
import { HubEvent, HubEventType } from '@farcaster/hub-nodejs';
import { BlockTally, SEQUENCE_SPAN, blockOfId } from '../../../src/sync/block-tally';

const STREAMED = [HubEventType.MERGE_MESSAGE, HubEventType.MERGE_ON_CHAIN_EVENT, HubEventType.BLOCK_CONFIRMED];
const id = (block: number, seq: number) => block * SEQUENCE_SPAN + seq;
const confirmation = (block: number, counts: Record<number, number>) =>
  HubEvent.create({ type: HubEventType.BLOCK_CONFIRMED, id: id(block, 0), blockConfirmedBody: { blockNumber: block, eventCountsByType: counts } });
const merge = (block: number, seq: number) => HubEvent.create({ type: HubEventType.MERGE_MESSAGE, id: id(block, seq) });

describe('BlockTally', () => {
  it('when the events of each streamed type match the confirmation, then none is missing; each one short counts', () => {
    const t = new BlockTally(7, true);
    t.add(confirmation(7, { [HubEventType.BLOCK_CONFIRMED]: 1, [HubEventType.MERGE_MESSAGE]: 3, [HubEventType.MERGE_ON_CHAIN_EVENT]: 1 }));
    t.add(merge(7, 1));
    t.add(merge(7, 2));
    t.add(merge(7, 2)); // delivered twice, counted once
    expect(t.missing(STREAMED)).toBe(2);
    t.add(merge(7, 3));
    t.add(HubEvent.create({ type: HubEventType.MERGE_ON_CHAIN_EVENT, id: id(7, 4) }));
    expect(t.missing(STREAMED)).toBe(0);
    expect([t.has(id(7, 3)), t.has(id(7, 5))]).toEqual([true, false]);
  });

  it('when a type is not streamed, or the block cannot be checked, then nothing is missing', () => {
    const counts = { [HubEventType.MERGE_MESSAGE]: 2, [HubEventType.PRUNE_MESSAGE]: 4 };
    const checked = new BlockTally(8, true);
    checked.add(confirmation(8, counts));
    checked.add(merge(8, 1));
    expect(checked.missing(STREAMED)).toBe(1);
    const midBlock = new BlockTally(8, false);
    midBlock.add(confirmation(8, counts));
    expect(midBlock.missing(STREAMED)).toBe(0);
    const unconfirmed = new BlockTally(8, true);
    unconfirmed.add(merge(8, 1));
    expect(unconfirmed.missing(STREAMED)).toBe(0);
    expect(blockOfId(id(123_456, SEQUENCE_SPAN - 1))).toBe(123_456);
  });
});
