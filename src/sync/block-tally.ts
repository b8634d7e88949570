// Gap detection from block confirmations. A shard's events come block by block
// (an event id is `block << 14 | sequence`), and each block's BLOCK_CONFIRMED
// counts the events the block holds per type. What one block brought is
// tallied here; once the stream is past the block, a type with fewer events
// than the confirmation counts is a gap: events the stream left out.
import { HubEventType, type HubEvent } from '@farcaster/hub-nodejs';

/** Event ids are `block << 14 | sequence` per shard. */
export const SEQUENCE_SPAN = 2 ** 14;

export const blockOfId = (id: number) => Math.floor(id / SEQUENCE_SPAN);

export class BlockTally {
  private readonly ids = new Set<number>();
  private readonly counts = new Map<number, number>();
  private confirmed: Record<number, number> | null = null;

  /** `fromStart`: the stream was already on an earlier block, so none of this one's events came before the tally. */
  constructor(readonly block: number, readonly fromStart: boolean) {}

  has(id: number): boolean { return this.ids.has(id); }

  add(event: HubEvent): void {
    if (this.ids.has(event.id)) return;
    this.ids.add(event.id);
    if (event.type === HubEventType.BLOCK_CONFIRMED) this.confirmed = event.blockConfirmedBody?.eventCountsByType ?? null;
    else this.counts.set(event.type, (this.counts.get(event.type) ?? 0) + 1);
  }

  /**
   * Events of the streamed `types` the block's confirmation counts beyond those tallied: 0 when none are
   * missing, and when the block cannot be checked (its confirmation not seen, or the tally began mid-block).
   */
  missing(types: readonly HubEventType[]): number {
    if (!this.fromStart || !this.confirmed) return 0;
    let missing = 0;
    for (const type of types) {
      if (type === HubEventType.BLOCK_CONFIRMED) continue;
      missing += Math.max(0, Number(this.confirmed[type] ?? 0) - (this.counts.get(type) ?? 0));
    }
    return missing;
  }
}
