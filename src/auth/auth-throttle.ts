// Failed gateway authentication, throttled per remote address (SPEC §17). Tokens are 256-bit, so this
// is defence in depth: guessing is slowed (a delay that doubles past a first burst) and then refused
// (`throttled`, with when to try again), while a valid token is checked first and never waits.
// Written here rather than taken from a rate-limit library: those count requests, not failures, and
// none answers "how long until this address is below the limit again" from a bounded record.
import { isIPv4, isIPv6 } from "node:net";
import type { EffectiveGatewayAuthThrottle } from "../../generated/effective-config.js";

export type AuthThrottleLimits = {
  /** Failures per address within delayWindowMs answered at once. */
  delayAfterFailures: number;
  delayWindowMs: number;
  /** The first delayed failure waits this long; each further one twice as long as the one before. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures per address within refuseWindowMs before the answer becomes `throttled`. */
  refuseAfterFailures: number;
  refuseWindowMs: number;
};

export type ThrottleVerdict = {
  /** How long to hold the failure's answer. */
  delayMs: number;
  /** Set past the refusal threshold: answer `throttled` with this retry_after_ms. */
  retryAfterMs?: number;
};

/** gateway.auth_throttle as the throttle reads it. */
export const throttleLimits = (c: EffectiveGatewayAuthThrottle): AuthThrottleLimits => ({
  delayAfterFailures: c.delay_after_failures,
  delayWindowMs: c.delay_window_ms,
  firstDelayMs: c.first_delay_ms,
  maxDelayMs: c.max_delay_ms,
  refuseAfterFailures: c.refuse_after_failures,
  refuseWindowMs: c.refuse_window_ms,
});

/** Addresses remembered at most; the one that failed longest ago is forgotten first. */
const MAX_ADDRESSES = 4096;

/**
 * The address a limit applies to: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix, since
 * one host usually holds a whole /64 and could otherwise rotate addresses freely.
 */
export function throttleKey(address: string | undefined): string {
  if (address === undefined || address === "") return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = "", tail] = address.split("%")[0]!.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

export class AuthThrottle {
  /** key → the most recent failures' times, oldest first, at most refuseAfterFailures + 1 of them. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: AuthThrottleLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Records one failure from `address` and says how to answer it. */
  failed(address: string | undefined): ThrottleVerdict {
    const key = throttleKey(address);
    const t = this.now();
    const {
      delayAfterFailures,
      delayWindowMs,
      firstDelayMs,
      maxDelayMs,
      refuseAfterFailures,
      refuseWindowMs,
    } = this.limits;
    const horizon = Math.max(delayWindowMs, refuseWindowMs);
    const times = (this.failures.get(key) ?? []).filter((x) => t - x < horizon);
    times.push(t);
    // Enough to answer both questions below; an address cannot make the record grow past it.
    if (times.length > refuseAfterFailures + 1) times.splice(0, times.length - (refuseAfterFailures + 1));
    this.failures.delete(key); // re-inserted last: the map's order is "failed longest ago" first
    this.failures.set(key, times);
    if (this.failures.size > MAX_ADDRESSES) this.failures.delete(this.failures.keys().next().value!);

    const inDelayWindow = times.filter((x) => t - x < delayWindowMs).length;
    const over = inDelayWindow - delayAfterFailures;
    const delayMs = over > 0 ? Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(over - 1, 30)) : 0;
    const inRefuseWindow = times.filter((x) => t - x < refuseWindowMs);
    if (inRefuseWindow.length <= refuseAfterFailures) return { delayMs };
    // A retry (one more failure) is answered normally once enough failures have left the window that
    // it would be the refuse_after_failures-th at most.
    const keeping = inRefuseWindow[inRefuseWindow.length - refuseAfterFailures]!;
    return { delayMs, retryAfterMs: Math.max(0, Math.ceil(keeping + refuseWindowMs - t)) };
  }

  /** Addresses remembered now (tests). */
  get size(): number {
    return this.failures.size;
  }
}
