// The one "settle once on a result, a timeout or an abort" race of the turn's waits: ask_user's
// elicitation, a tool approval and a bash command. Whichever comes first settles; the timer and the
// abort listener are removed at that moment, and anything later is a no-op.

// setTimeout fires at once for delays above 2^31-1 ms; a larger configured timeout means "very long".
const MAX_TIMER_MS = 2_147_483_647;

export type Settle<T> = (value: T) => void;

export type SettleOnceOptions<T> = {
  signal: AbortSignal;
  /** No timer when undefined, not finite or ≤ 0; clamped to what setTimeout can wait. */
  timeoutMs?: number;
  /** The timer fired: settle with a value, or start something that settles later (a kill). */
  onTimeout?: (settle: Settle<T>) => void;
  /** The signal aborted (after start): same choice as onTimeout. */
  onAbort?: (settle: Settle<T>) => void;
  /** Runs once, when the race is settled, before the promise resolves. */
  onSettled?: () => void;
};

/**
 * Runs `start(settle)`, then arms the timer and the abort listener (in that order, so a `start` that
 * settles synchronously leaves neither behind). A signal already aborted is the caller's to check:
 * each wait answers that case differently, before starting anything.
 */
export function settleOnce<T>(start: (settle: Settle<T>) => void, options: SettleOnceOptions<T>): Promise<T> {
  const { signal, timeoutMs } = options;
  return new Promise<T>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const onAbort = (): void => options.onAbort?.(settle);
    function settle(value: T): void {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      options.onSettled?.();
      resolve(value);
    }
    start(settle);
    if (settled) return;
    if (timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0) {
      timer = setTimeout(() => options.onTimeout?.(settle), Math.min(timeoutMs, MAX_TIMER_MS));
    }
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
