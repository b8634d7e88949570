// Day numbers of the range arguments, read before the resolvers run: the cost
// of a request counts the points of every history field it asks.
import { requireDay, toDayNumber } from '../../domain/days';

/** Day number of a day the resolvers accept, else null: the resolver answers that argument with a 400. */
export function dayNumberOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  try {
    return toDayNumber(requireDay('day', value));
  } catch {
    return null;
  }
}
