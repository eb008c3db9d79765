/** The promise's value if it settles within `ms`, else undefined (the promise keeps running, for
 *  the caller to stream; a rejection within `ms` is passed on). The timer is cleared either way. */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
