// A REST route's operation runs outside Apollo: validated once at start-up,
// then only coerced, costed and executed per call, with Apollo's error codes.
import { parse } from 'graphql';
import pino from 'pino';
import { appSchema } from '../../src/graphql/build-schema';
import type { Context } from '../../src/graphql/context.type';
import { answerOf, createFormatError } from '../../src/graphql/format-error';
import { prepareOperation } from '../../src/graphql/prepared-operation';

const options = { schema: appSchema(), maxCost: 100, formatError: createFormatError(pino({ level: 'silent' })) };
// No resolver runs in these cases: every call is refused before execution.
const noContext = {} as Context;

describe('prepared operation', () => {
  it('when the document does not validate against the schema, then preparing it throws (the route table is wrong)', () => {
    expect(() => prepareOperation(parse('query Q { noSuchRoot }'), options)).toThrow(/does not validate.*noSuchRoot/);
    expect(() => prepareOperation(parse('query A { categories { id } } query B { categories { id } }'), options)).toThrow(/no single operation/);
  });

  it('when a variable does not coerce, then the answer is a BAD_USER_INPUT 400 with graphql-js\'s own message and no data', async () => {
    const run = prepareOperation(parse('query Q($fid: Int!) { farcasterUser(fid: $fid) { fid } }'), options);
    const { data, errors } = await run({ fid: 'abc' }, noContext);
    expect(data).toBeUndefined();
    expect(errors).toHaveLength(1);
    const e = errors![0];
    expect(answerOf(e)).toEqual({ code: 'BAD_USER_INPUT', status: 400, message: expect.stringMatching(/^Variable "\$fid" got invalid value "abc"/) });
    expect(JSON.parse(JSON.stringify(e)).extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });

  it('when the variables make the operation cost more than the limit, then it is refused before execution with the cost and the limit', async () => {
    const run = prepareOperation(parse('query Q($fids: [Int!]!) { farcasterUsers(fids: $fids) { fid stats { followers posts } } }'), options);
    const { errors } = await run({ fids: Array.from({ length: 30 }, (_, i) => i + 1) }, noContext);
    expect(errors?.map(answerOf)).toEqual([{ code: 'BAD_USER_INPUT', status: 400, message: expect.stringMatching(/^Query cost 150 exceeds the limit of 100 \(/) }]);
  });
});
