// Decimal strings for CSV: never exponent notation (0.0000118, not 1.18e-5),
// because the importer parses numerics as plain decimals.

/** x with `sig` significant digits, trailing zeros trimmed: 3456.789012, 0.0000011834. */
export function decimal(x: number, sig = 10): string {
  if (x === 0 || !Number.isFinite(x)) return '0';
  const magnitude = Math.floor(Math.log10(Math.abs(x)));
  const places = Math.min(30, Math.max(0, sig - 1 - magnitude));
  return trimZeros(x.toFixed(places));
}

/** x rounded to a fixed number of decimals, trailing zeros trimmed: 12.5, -3.1416. */
export function fixed(x: number, places: number): string {
  const s = trimZeros(x.toFixed(places));
  return s === '-0' ? '0' : s;
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
