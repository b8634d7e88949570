import type { Config } from '../config/config.schema';
import { parseFid, parseLensProfileId } from '../domain/ids';
import type { RefreshOptions } from './refresh';

const list = (raw?: string) => (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** The graph-score settings of the config, ids parsed (bad ones are a config error). */
export function refreshOptionsOf(config: Config): RefreshOptions {
  const farcaster = list(config.GRAPH_PRETRUST_FARCASTER).map((s) => {
    const fid = parseFid(s);
    if (fid === null) throw new Error(`GRAPH_PRETRUST_FARCASTER: not a fid: ${s}`);
    return fid;
  });
  const lens = list(config.GRAPH_PRETRUST_LENS).map((s) => {
    const id = parseLensProfileId(s);
    if (!id) throw new Error(`GRAPH_PRETRUST_LENS: not a Lens profile id: ${s}`);
    return id;
  });
  return {
    graph: { alpha: config.GRAPH_ALPHA, tolerance: config.GRAPH_TOLERANCE, pretrust: { farcaster, lens } },
    channelRanks: { channels: config.CHANNEL_RANK_CHANNELS, minCasters: config.CHANNEL_RANK_MIN_CASTERS },
  };
}
