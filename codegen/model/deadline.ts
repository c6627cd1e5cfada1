// The document-wide time budget (SPEC §19: any document generates within 20 s or fails with exit 1
// saying why), checked inside the long loops of every stage, not only between stages: an enum of
// 100,000 values ran 65 s before the check between stages saw it. The command sets the deadline
// around its work (withDeadline); each loop calls checkDeadline, which throws OutOfTime once it passed.
export class OutOfTime extends Error {
  constructor(readonly stage: string) {
    super(`out of time (${stage})`);
  }
}

let deadline = Number.POSITIVE_INFINITY;
let ticks = 0;

/** Runs `work` with the deadline `at` (a Date.now() value); the previous deadline is restored after. */
export function withDeadline<T>(at: number, work: () => T): T {
  const previous = deadline;
  deadline = at;
  try {
    return work();
  } finally {
    deadline = previous;
  }
}

/**
 * Throws OutOfTime when the deadline has passed. In a loop the clock is read every 256th call (loops
 * call it often); `now` reads it at once, for the checks between stages.
 */
export function checkDeadline(stage: string, now = false): void {
  if ((now || (++ticks & 255) === 0) && Date.now() > deadline) throw new OutOfTime(stage);
}
