// The one DataLoader of the service: DataLoader itself, except that in a
// request (src/db/request-turns.ts) its results go on a few hundred per turn
// of the event loop, and a batch asked for while anything of the request waits
// for a turn is sent after the last turn, so the keys every piece asks for
// still go out as one statement.
import DataLoader from 'dataloader';
import { currentScope } from '../db/request-scope';

/** DataLoader's own schedule: after the promise jobs queued now, on the next tick. */
const afterPromiseJobs = (dispatch: () => void): void => {
  void Promise.resolve().then(() => process.nextTick(dispatch));
};

// Decided when DataLoader would send the batch, not when it is first asked for: results that reach
// their callers through DataLoader's cache arrive a few promise jobs later than the first, so the
// code that asked first may run before the rest have been told to wait for a turn.
function scheduleBatch(dispatch: () => void): void {
  const turns = currentScope()?.turns;
  afterPromiseJobs(turns ? () => turns.whenIdle(dispatch) : dispatch);
}

export class RequestLoader<K, V, C = K> extends DataLoader<K, V, C> {
  constructor(batch: DataLoader.BatchLoadFn<K, V>, options?: DataLoader.Options<K, V, C>) {
    super(batch, { batchScheduleFn: scheduleBatch, ...options });
  }

  /** DataLoader's load, its result handed on at the request's pace (a few hundred per turn of the event loop). */
  override load(key: K): Promise<V> {
    const turns = currentScope()?.turns;
    const loaded = super.load(key);
    return turns ? loaded.then(turns.pace) : loaded;
  }
}
