// What the Lens sync applies, one op per followed event, in chain order (`seq`):
// each is the fact a BigQuery v3 dump row states, in that row's terms.

/** Position in the chain: block << 20 | log index (a block holds far fewer logs). */
export type Seq = bigint;

interface At { seq: Seq; block: bigint; at: string }

export type LensOp =
  | At & { kind: 'account'; account: string; owner: string }
  | At & { kind: 'owner'; account: string; owner: string }
  | At & { kind: 'username'; account: string; name: string; assigned: boolean }
  | At & { kind: 'follow'; follower: string; followed: string; following: boolean }
  | At & { kind: 'post'; id: string; author: string; postTypes: string[]; parent: string | null; quoted: string | null; root: string | null }
  | At & { kind: 'postDeleted'; id: string }
  | At & { kind: 'act'; actId: string; historyId: bigint; post: string; actor: string; isCollect: boolean; currency: string | null; amount: string | null; data: string };

export type LensOpKind = LensOp['kind'];

export const seqOf = (block: bigint, logIndex: number): Seq => (block << 20n) | BigInt(logIndex);
