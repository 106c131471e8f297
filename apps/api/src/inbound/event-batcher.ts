import type { DeliveryEventInput } from "../modules/newsletter/delivery-events.ts";

/**
 * Reports that arrive close together are written in one go (one transaction, one activity-log row),
 * and each sender waits until its report is written: a report is never answered 250 and then lost.
 */
export function createEventBatcher(write: (events: DeliveryEventInput[]) => Promise<unknown>, delayMs: number) {
  let pending: DeliveryEventInput[] = [];
  let waiting: { resolve(): void; reject(error: unknown): void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const events = pending;
    const waiters = waiting;
    pending = [];
    waiting = [];
    if (events.length === 0) return writing;
    writing = writing
      .then(() => write(events))
      .then(
        () => {
          for (const w of waiters) w.resolve();
        },
        (error: unknown) => {
          for (const w of waiters) w.reject(error);
        },
      );
    return writing;
  }

  return {
    add(events: DeliveryEventInput[]): Promise<void> {
      pending.push(...events);
      const written = new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
      if (pending.length >= 200) void flush();
      else timer ??= setTimeout(() => void flush(), delayMs);
      return written;
    },
    flush,
  };
}
