import type { ApolloServerPlugin } from '@apollo/server';
import { mostSevere } from './format-error';

/**
 * CONTRACT §2: a request that fails as a whole (no field answered) carries the
 * HTTP status of its most severe error; partial answers stay 200 with `errors`.
 */
export const httpStatusPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        if (!errors?.length) return;
        const answeredNothing = data == null || Object.values(data).every((v) => v == null);
        if (answeredNothing) response.http.status = mostSevere(errors).status;
      },
    };
  },
};
