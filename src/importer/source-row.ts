// One CSV record seen through its file's header, by canonical column name.
// Row mappers read cells with req/opt; a bad cell throws RowError, which the
// importer turns into a reported bad row instead of a failed import.

export class RowError extends Error {}

/** Returns the value, or null when the text is not a valid one. */
export type Parser<T> = (text: string) => T | null;

/**
 * Maps header names (trimmed, lowercase) to cell indexes. An alias fills a
 * canonical name only when the file does not carry that name itself.
 */
export function headerIndex(header: string[], aliases: Readonly<Record<string, string>> = {}): Map<string, number> {
  const names = header.map((h) => h.trim().toLowerCase());
  const index = new Map<string, number>();
  names.forEach((name, i) => { if (!index.has(name)) index.set(name, i); });
  names.forEach((name, i) => {
    const canonical = Object.hasOwn(aliases, name) ? aliases[name] : undefined;
    if (canonical && !index.has(canonical)) index.set(canonical, i);
  });
  return index;
}

export class SourceRow {
  cells: string[] = [];

  constructor(private readonly index: ReadonlyMap<string, number>) {}

  /** Whether the file has the column (an alias counts). */
  has(column: string): boolean {
    return this.index.has(column);
  }

  /** The cell as written, '' when the column is absent; NUL removed (Postgres text cannot hold it). */
  raw(column: string): string {
    const i = this.index.get(column);
    const cell = i === undefined ? '' : this.cells[i] ?? '';
    return cell.includes('\0') ? cell.replace(/\0/g, '') : cell;
  }

  /** Free text: as written, null when empty. */
  text(column: string): string | null {
    const cell = this.raw(column);
    return cell.trim() === '' ? null : cell;
  }

  /** A required value: empty or invalid makes the row bad. */
  req<T>(column: string, parse: Parser<T>): T {
    const value = this.opt(column, parse);
    if (value === null) throw new RowError(`missing ${column}`);
    return value;
  }

  /** An optional value: empty is null, invalid makes the row bad. */
  opt<T>(column: string, parse: Parser<T>): T | null {
    const cell = this.raw(column).trim();
    if (cell === '') return null;
    const value = parse(cell);
    if (value === null) throw new RowError(`bad ${column}: ${JSON.stringify(cell.slice(0, 80))}`);
    return value;
  }
}
