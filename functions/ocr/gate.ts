/**
 * One OCR page at a time across the local analysis threads. The machine running `npm start` has
 * two cores: two documents' OCR pages at once would take both and the API would wait behind them.
 * Threads share one Int32 (a SharedArrayBuffer from the queue) holding the holder's thread id + 1,
 * or 0 when free; waiting is asynchronous (Atomics.waitAsync), so no thread blocks its event loop.
 */
export type PageGate = () => Promise<() => void>;

type WaitAsync = (a: Int32Array, index: number, value: number, timeout: number) => { async: boolean; value: unknown };

export function sharedPageGate(buffer: SharedArrayBuffer, holderId: number): PageGate {
  const slot = new Int32Array(buffer, 0, 1);
  const me = holderId + 1;
  return async () => {
    for (;;) {
      const held = Atomics.compareExchange(slot, 0, 0, me);
      if (held === 0) break;
      // Node 20 has Atomics.waitAsync; the TypeScript lib in use (es2022) does not declare it yet.
      const wait = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync(slot, 0, held, 1000);
      if (wait.async) await wait.value;
    }
    return () => {
      Atomics.compareExchange(slot, 0, me, 0);
      Atomics.notify(slot, 0);
    };
  };
}

/** Frees the gate if `holderId` held it (a thread stopped mid-page must not block the others). */
export function releaseIfHeld(buffer: SharedArrayBuffer, holderId: number): void {
  const slot = new Int32Array(buffer, 0, 1);
  if (Atomics.compareExchange(slot, 0, holderId + 1, 0) === holderId + 1) Atomics.notify(slot, 0);
}
