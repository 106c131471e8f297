/**
 * A counting semaphore whose waiters give up after a while; first come, first served. `take` resolves
 * to the release (safe to call more than once), or to undefined once `waitMs` has passed.
 */
export function createSlots(capacity: number) {
  let free = capacity;
  const waiting: Array<(granted: boolean) => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next(true);
    else free += 1;
  };
  return {
    take(waitMs: number): Promise<(() => void) | undefined> {
      if (free > 0) {
        free -= 1;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve) => {
        const wake = (granted: boolean) => {
          clearTimeout(timer);
          resolve(granted ? once(release) : undefined);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(wake), 1);
          wake(false);
        }, waitMs);
        waiting.push(wake);
      });
    },
  };
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
