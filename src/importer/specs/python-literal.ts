// Python literals as some exports write JSON columns (`str()` of a parsed value):
// single-quoted strings, None/True/False. Rewritten to JSON and parsed; anything
// else (a call, a set, a tuple) is not read.
import { json } from '../parse-values';

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0', '\\': '\\', "'": "'", '"': '"' };
const WORDS: Readonly<Record<string, string>> = { None: 'null', True: 'true', False: 'false' };

/** The value a Python literal spells, or undefined. */
export function pythonLiteral(text: string): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const read = readString(text, i);
      if (!read) return undefined;
      out += JSON.stringify(read.value);
      i = read.end;
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_]\w*/.exec(text.slice(i))?.[0] ?? '';
      if (!Object.hasOwn(WORDS, word)) return undefined;
      out += WORDS[word];
      i += word.length;
    } else {
      out += c;
      i += 1;
    }
  }
  return json(out);
}

/** A quoted string starting at `start`: its value and the index after its closing quote. */
function readString(text: string, start: number): { value: string; end: number } | null {
  const quote = text[start];
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === quote) return { value, end: i + 1 };
    if (c !== '\\') { value += c; continue; }
    const next = text[i + 1] ?? '';
    const hex = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
    const digits = text.slice(i + 2, i + 2 + hex);
    const code = hex && digits.length === hex && /^[0-9a-f]+$/i.test(digits) ? parseInt(digits, 16) : -1;
    if (code >= 0 && code <= 0x10ffff) {
      value += String.fromCodePoint(code);
      i += 1 + hex;
    } else if (Object.hasOwn(ESCAPES, next)) {
      value += ESCAPES[next];
      i += 1;
    } else {
      value += c; // Python keeps an unknown escape as written
    }
  }
  return null;
}
