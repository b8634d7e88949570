// farcaster/profiles: Neynar's v3 export keeps a fid's user data as one wide row
// (bio, pfp_url, display_name, …) where the hubs and the other dumps have one
// user_data row per type. Each column is read by its own spec into fc_user_data,
// so the report says per column what was stored; the file is read once per column.
import { parseFid } from '../../domain/ids';
import { timestamp } from '../parse-values';
import type { SourceRow } from '../source-row';
import { eventVersion, ignore, type TableSpec } from '../table-spec';
import { userData } from './farcaster';
import { USER_DATA_TYPES as T } from './farcaster-values';

/** The wide row's columns and the user data type each one is. */
const COLUMNS: readonly [column: string, type: number][] = [
  ['pfp_url', T.PFP], ['display_name', T.DISPLAY], ['bio', T.BIO], ['url', T.URL], ['username', T.USERNAME],
  ['location', T.LOCATION], ['banner_url', T.BANNER],
];

function profileColumn(column: string, type: number): TableSpec {
  // Older exports lack the columns Neynar added later (banner_url): not bad, not there.
  const absent = ignore(`this export has no ${column} column`);
  return {
    ...userData, name: 'profiles', part: column, required: ['fid', 'updated_at'],
    filePatterns: [/^nindexer-profiles-\d+-\d+\.parquet$/],
    version: eventVersion,
    // An empty cell is a cleared value, as a hub's empty user data message is: it is stored.
    mapRow: (r: SourceRow) => (r.has(column)
      ? [r.req('fid', parseFid), type, r.raw(column), r.req('updated_at', timestamp), r.opt('deleted_at', timestamp)]
      : absent),
  };
}

export const NEYNAR_PROFILE_SPECS: readonly TableSpec[] = COLUMNS.map(([column, type]) => profileColumn(column, type));
