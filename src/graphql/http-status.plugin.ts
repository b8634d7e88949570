import type { ApolloServerPlugin } from '@apollo/server';
import { STATUS_OF, type ErrorCode } from '../errors/app-error';

/** When the most severe of several errors decides the status, 5xx beats 4xx. */
const statusOfCode = (code: unknown): number => STATUS_OF[code as ErrorCode] ?? 500;

/**
 * CONTRACT §2: a request that fails as a whole (no field answered) carries the
 * HTTP status of its error; partial answers stay 200 with `errors`.
 */
export const httpStatusPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        if (!errors?.length) return;
        const answeredNothing = data == null || Object.values(data).every((v) => v == null);
        if (!answeredNothing) return;
        response.http.status = Math.max(...errors.map((e) => statusOfCode(e.extensions?.code)));
      },
    };
  },
};
