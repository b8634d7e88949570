// Encodes staging tuples as the CSV text COPY … (FORMAT csv) reads: an unquoted
// empty field is NULL, a quoted one is ''. Arrays become Postgres array literals.

const NEEDS_QUOTES = /[",\r\n]/;

function quoted(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

function arrayLiteral(items: unknown[]): string {
  const elements = items.map((v) => (typeof v === 'number' ? String(v) : `"${String(v).replace(/[\\"]/g, '\\$&')}"`));
  return `{${elements.join(',')}}`;
}

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  // Row values are strings, bigints and Dates here, each with its own toString.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- see above
  const text = Array.isArray(value) ? arrayLiteral(value) : String(value);
  return text === '' || NEEDS_QUOTES.test(text) ? quoted(text) : text;
}

/**
 * One CSV line (without its newline). A chunk is kept as these flat strings rather
 * than as tuples: far fewer live objects for the garbage collector to copy around.
 */
export function csvLine(tuple: readonly unknown[]): string {
  return tuple.map(csvField).join(',');
}
