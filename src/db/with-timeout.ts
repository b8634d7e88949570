/** `work`, or a rejection with `message` once `ms` have passed (the timer never outlives the race). */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `work`'s result, or undefined once `ms` have passed; a rejection of `work` within them is thrown. The
 * timer never outlives the race and never keeps the process alive.
 */
export function withinMs<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); timer.unref(); });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
