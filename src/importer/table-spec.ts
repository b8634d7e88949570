// The shape of one declarative table spec: where a dataset table comes from, how a
// source row becomes a staging tuple, and how staging merges into its target.
import type { SourceRow } from './source-row';

/** What a row mapper returns for a row ignored by design (not bad), with why: the report counts rows per reason. */
export class Ignored {
  constructor(readonly reason: string) {}
}

/** Ignored rows of one reason share one object (a reason is a fixed text, not per row). */
export const ignore = (reason: string) => new Ignored(reason);

export type DatasetFolder = 'farcaster' | 'lens' | 'lens-v3' | 'tokens';

/** How staged rows merge into the target table (see merge-sql.ts). */
export interface MergeSpec {
  target: string;
  /** Target columns, in the order of the staging tuples. */
  columns: readonly string[];
  /** The target's primary key. */
  key: readonly string[];
  /**
   * SQL for a row's version over a table alias: the newest version wins within a
   * chunk, and an incoming row replaces a stored one only when its version is
   * newer or equal. Without it, the last row read wins.
   */
  version?: (alias: string) => string;
  /** SQL per column over staging alias `s` (and `joins`), instead of `s.<column>`. */
  select?: Readonly<Record<string, string>>;
  /** A WITH list (without the keyword) over the quoted staging table, for select and joins. */
  with?: (stage: string) => string;
  joins?: string;
  /** SQL per column for ON CONFLICT … SET (target `t`, incoming `EXCLUDED`), instead of EXCLUDED.<column>. */
  update?: Readonly<Record<string, string>>;
}

export interface TableSpec extends MergeSpec {
  folder: DatasetFolder;
  /**
   * The dataset table name: `<folder>/<name>.csv`, `.csv.gz` or `.parquet`, or any
   * of those inside `<folder>/<name>/` (see sources/table-files.ts).
   */
  name: string;
  /** More file names directly in `<folder>/` that hold this table, e.g. an exporter's own naming. */
  filePatterns?: readonly RegExp[];
  /** What of a wide table this spec reads, when several specs read one table (shown in the report). */
  part?: string;
  /** Source header name → canonical name. */
  aliases?: Readonly<Record<string, string>>;
  /** Canonical columns a file must have; without one, the whole file is bad. */
  required: readonly string[];
  /** The staging tuple in `columns` order; throws RowError for a bad row. */
  mapRow(row: SourceRow): unknown[] | Ignored;
}

/** Version of rows that carry an event time and an optional deletion time. */
export const eventVersion = (a: string) => `GREATEST(${a}."timestamp", ${a}.deleted_at)`;

/** The table a spec reads as the report names it: `folder/name`, and its part when it reads one part of a wide table. */
export const tableLabel = (spec: TableSpec) => `${spec.folder}/${spec.name}${spec.part ? ` (${spec.part})` : ''}`;
