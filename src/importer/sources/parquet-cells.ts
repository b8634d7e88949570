// Parquet values as the text cells every table spec reads (the same text a CSV
// export of the table would hold): null → ''; integers (int64 too, never through
// a float) and DECIMAL → exact decimal text; timestamps → ISO UTC with
// microseconds; DATE → YYYY-MM-DD; binary without a text type → lowercase 0x hex;
// lists, maps and structs → JSON text.
import type { ParquetParsers, SchemaElement, SchemaTree } from 'hyparquet';

export type CellFormat = (value: unknown) => string;

const decoder = new TextDecoder();
const MICROS_PER_SECOND = 1_000_000n;

/** `YYYY-MM-DDTHH:MM:SS.ffffffZ`. Neynar writes UTC values not flagged as UTC, so the flag is not read. */
export function isoFromMicros(micros: bigint): string {
  const fraction = ((micros % MICROS_PER_SECOND) + MICROS_PER_SECOND) % MICROS_PER_SECOND;
  const seconds = (micros - fraction) / MICROS_PER_SECOND;
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}.${fraction.toString().padStart(6, '0')}Z`;
}

/** Floor division, so times before 1970 keep their instant. */
const floorDiv = (a: bigint, b: bigint) => (a % b < 0n ? a / b - 1n : a / b);

/** hyparquet's value parsers, producing text instead of Date objects (which would drop microseconds). */
export const TEXT_PARSERS: Partial<ParquetParsers> = {
  timestampFromMilliseconds: (millis) => isoFromMicros(BigInt(millis) * 1000n),
  timestampFromMicroseconds: (micros) => isoFromMicros(BigInt(micros)),
  timestampFromNanoseconds: (nanos) => isoFromMicros(floorDiv(BigInt(nanos), 1000n)),
  dateFromDays: (days) => new Date(Number(days) * 86_400_000).toISOString().slice(0, 10),
  // JSON columns stay the JSON text they hold.
  jsonFromBytes: (bytes) => bytes && decoder.decode(bytes),
};

export const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;

const isDecimal = (e: SchemaElement) => e.converted_type === 'DECIMAL' || e.logical_type?.type === 'DECIMAL';
const isEnum = (e: SchemaElement) => e.converted_type === 'ENUM' || e.logical_type?.type === 'ENUM';

/**
 * hyparquet turns DECIMAL into a float. For a top-level DECIMAL column the type is
 * taken off the schema before reading, so its unscaled integers arrive as stored,
 * and this keeps its scale for the exact text.
 */
export function takeDecimalScale(element: SchemaElement): number | undefined {
  if (!isDecimal(element)) return undefined;
  const scale = element.scale ?? (element.logical_type?.type === 'DECIMAL' ? element.logical_type.scale : 0) ?? 0;
  element.converted_type = undefined;
  element.logical_type = undefined;
  return scale;
}

/** The text of one top-level column's values. */
export function cellFormat(column: SchemaTree, decimalScale?: number): CellFormat {
  const { element } = column;
  if (column.children.length > 0 || element.repetition_type === 'REPEATED') return (v) => (v == null ? '' : jsonText(v));
  if (decimalScale !== undefined) return (v) => (v == null ? '' : decimalText(unscaled(v), decimalScale));
  const textBytes = isEnum(element);
  return (v) => {
    if (v == null) return '';
    if (typeof v === 'string') return v;
    if (typeof v === 'bigint' || typeof v === 'number') return v.toString();
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (v instanceof Uint8Array) return textBytes ? decoder.decode(v) : hex(v);
    return jsonText(v);
  };
}

function unscaled(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return BigInt(v);
  if (!(v instanceof Uint8Array)) throw new Error(`unexpected DECIMAL value ${String(v)}`);
  if (v.length === 0) return 0n;
  let n = 0n;
  for (const byte of v) n = (n << 8n) | BigInt(byte);
  // Big-endian two's complement.
  return v[0] & 0x80 ? n - (1n << BigInt(v.length * 8)) : n;
}

export function decimalText(value: bigint, scale: number): string {
  if (scale <= 0) return (value * 10n ** BigInt(-scale)).toString();
  const digits = (value < 0n ? -value : value).toString().padStart(scale + 1, '0');
  return `${value < 0n ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** JSON with int64 values as exact numbers and binary as 0x hex strings. */
export function jsonText(v: unknown): string {
  if (v == null) return 'null';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : 'null';
  if (typeof v === 'string' || typeof v === 'boolean') return JSON.stringify(v);
  if (v instanceof Uint8Array) return JSON.stringify(hex(v));
  if (v instanceof Date) return JSON.stringify(v.toISOString());
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  return `{${Object.entries(v as Record<string, unknown>).map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`).join(',')}}`;
}
