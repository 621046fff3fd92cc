/**
 * Asks `fn` until it answers something truthy, at most `tries` times; between two asks runs `between`
 * (a clock move, say) or waits 100 ms. Bounded in count, so a test never waits on a wall-clock guess.
 */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, tries = 300, between?: () => Promise<unknown>): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await fn();
    if (v) return v;
    await (between ? between() : new Promise((r) => setTimeout(r, 100)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
