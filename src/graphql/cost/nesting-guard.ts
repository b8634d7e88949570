// Bounds how deeply `[` and `{` nest in a query's text and in its variables
// before anything parses or coerces them: graphql-js parses and coerces values
// recursively, so a 2,000-deep list literal ran out of stack instead of being
// refused with a message. query-text-guard.ts applies them to requests.
const OPEN = new Set(['[', '{']);
const CLOSE = new Set([']', '}']);

/**
 * Deepest nesting of `[`/`{` in GraphQL or JSON text, outside strings, block
 * strings and comments. Stops at `max + 1`: the rest need not be read.
 */
export function textNesting(text: string, max = Infinity): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') {
      if (text.startsWith('"""', i)) {
        // A block string ends at the first """ not escaped as \""".
        let end = text.indexOf('"""', i + 3);
        while (end !== -1 && text[end - 1] === '\\') end = text.indexOf('"""', end + 3);
        if (end === -1) break;
        i = end + 2;
      } else {
        i += 1;
        while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      }
    } else if (c === '#') {
      const end = text.indexOf('\n', i);
      if (end === -1) break;
      i = end;
    } else if (OPEN.has(c)) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (CLOSE.has(c) && depth > 0) {
      depth -= 1;
    }
  }
  return deepest;
}

/** Deepest nesting of arrays and objects in a parsed JSON value (iterative: the value may be deep). Stops at `max + 1`. */
export function valueNesting(value: unknown, max = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    const depth = d + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > max) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth]);
  }
  return deepest;
}
