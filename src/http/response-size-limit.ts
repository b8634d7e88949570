// A cap on the size of an answer, the backstop behind the query cost limit.
// Both faces end in res.send with the whole JSON text (Apollo's Express
// integration sends its string, res.json stringifies then sends), so the check
// reads the text's length there: no second serialization, and nothing of an
// over-size answer is ever written.
import type { Request, RequestHandler, Response } from 'express';
import { errorBody } from '../errors/app-error';

/**
 * Whether `body` is over `max` bytes, and its size for the message. A UTF-16 unit
 * is 1 to 3 UTF-8 bytes, so the length alone decides most cases; a text longer
 * than `max` is not measured further ("at least").
 */
function sizeOver(body: unknown, max: number): { over: boolean; size: string } {
  if (Buffer.isBuffer(body)) return { over: body.length > max, size: String(body.length) };
  if (typeof body !== 'string' || body.length * 3 <= max) return { over: false, size: '' };
  if (body.length > max) return { over: true, size: `at least ${body.length}` };
  const bytes = Buffer.byteLength(body, 'utf8');
  return { over: bytes > max, size: String(bytes) };
}

export function responseSizeLimit(maxBytes: number): RequestHandler {
  return (req: Request, res: Response, next) => {
    const send = res.send;
    res.send = function sendWithinLimit(this: Response, body?: unknown) {
      const { over, size } = sizeOver(body, maxBytes);
      if (!over) return send.call(this, body);
      const message = `Response of ${size} bytes exceeds the limit of ${maxBytes} bytes; ask for fewer ids, shorter ranges or smaller pages`;
      req.log?.warn({ size, maxBytes }, 'response over the size limit refused');
      const graphql = req.originalUrl.startsWith('/graphql');
      this.status(400).type('application/json');
      return send.call(this, JSON.stringify(graphql ? { errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] } : errorBody(400, message)));
    } as Response['send'];
    next();
  };
}
