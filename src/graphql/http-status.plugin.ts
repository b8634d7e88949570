import type { ApolloServerPlugin } from '@apollo/server';
import { mostSevere } from './format-error';

/**
 * A request that fails as a whole (no field answered) carries the HTTP status
 * of its most severe error, as formatError gave it; partial answers stay 200
 * with `errors`.
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
