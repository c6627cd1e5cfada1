// SPEC §17 failed-authentication throttle, on a clock the test moves: the first failures of an address
// are answered at once, later ones after a delay that doubles up to its cap, past the refusal limit
// with retry_after_ms; windows expire; an IPv6 /64 is one address; the record stays bounded. A
// property test checks every verdict against a model that keeps every failure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AuthThrottle, type AuthThrottleLimits, throttleKey } from "../src/auth/auth-throttle.js";

const LIMITS: AuthThrottleLimits = {
  delayAfterFailures: 10,
  delayWindowMs: 10_000,
  firstDelayMs: 100,
  maxDelayMs: 5_000,
  refuseAfterFailures: 100,
  refuseWindowMs: 60_000,
};

function clocked(limits = LIMITS): { throttle: AuthThrottle; advance(ms: number): void } {
  let t = 1_000_000;
  return { throttle: new AuthThrottle(limits, () => t), advance: (ms) => (t += ms) };
}

describe("AuthThrottle", () => {
  it("answers 10 failures in 10 s at once, then doubles the delay from 100 ms up to 5 s", () => {
    const { throttle } = clocked();
    const delays = Array.from({ length: 20 }, () => throttle.failed("10.0.0.1").delayMs);
    expect(delays.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(delays.slice(10)).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000]);
  });

  it("counts per address: another address starts from zero", () => {
    const { throttle } = clocked();
    for (let i = 0; i < 15; i++) throttle.failed("10.0.0.1");
    expect(throttle.failed("10.0.0.2").delayMs).toBe(0);
  });

  it("forgets failures older than the window", () => {
    const { throttle, advance } = clocked();
    for (let i = 0; i < 12; i++) throttle.failed("10.0.0.1");
    advance(10_001);
    expect(throttle.failed("10.0.0.1").delayMs).toBe(0);
  });

  it("past 100 failures in 60 s answers throttled, until the failure that keeps it over has expired", () => {
    const { throttle, advance } = clocked();
    for (let i = 0; i < 100; i++) {
      expect(throttle.failed("10.0.0.1").retryAfterMs).toBeUndefined();
      advance(100); // 100 failures over 10 s
    }
    const refused = throttle.failed("10.0.0.1");
    // 101 failures in the window (the refused one counts too): a retry is answered normally once two of
    // them have left it, the second (9.9 s ago) in another 50.1 s.
    expect(refused.retryAfterMs).toBe(50_100);
    advance(50_099);
    expect(throttle.failed("10.0.0.1").retryAfterMs).toBeDefined();
    advance(50_100);
    expect(throttle.failed("10.0.0.1").retryAfterMs).toBeUndefined();
  });

  it("keeps at most refuse_after_failures + 1 times per address, however many fail", () => {
    const { throttle } = clocked({ ...LIMITS, refuseAfterFailures: 5 });
    for (let i = 0; i < 10_000; i++) throttle.failed("10.0.0.1");
    const record = (throttle as unknown as { failures: Map<string, number[]> }).failures.get("10.0.0.1");
    expect(record).toHaveLength(6);
  });

  it("remembers a bounded number of addresses", () => {
    const { throttle } = clocked();
    for (let i = 0; i < 5_000; i++) throttle.failed(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(throttle.size).toBeLessThanOrEqual(4096);
  });

  it("agrees with a model that keeps every failure", () => {
    const limits = fc.record({
      delayAfterFailures: fc.integer({ min: 0, max: 6 }),
      delayWindowMs: fc.integer({ min: 1, max: 200 }),
      firstDelayMs: fc.integer({ min: 1, max: 50 }),
      maxDelayMs: fc.integer({ min: 1, max: 500 }),
      refuseAfterFailures: fc.integer({ min: 1, max: 8 }),
      refuseWindowMs: fc.integer({ min: 1, max: 400 }),
    });
    fc.assert(
      fc.property(limits, fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 60 }), (l, gaps) => {
        let t = 0;
        const throttle = new AuthThrottle(l, () => t);
        const history: number[] = [];
        for (const gap of gaps) {
          t += gap;
          history.push(t);
          const verdict = throttle.failed("192.0.2.1");
          const inRefuse = history.filter((x) => t - x < l.refuseWindowMs);
          const inDelay = history.filter((x) => t - x < l.delayWindowMs).length;
          const counted = Math.min(inDelay, l.refuseAfterFailures + 1);
          const over = counted - l.delayAfterFailures;
          expect(verdict.delayMs).toBe(
            over > 0 ? Math.min(l.maxDelayMs, l.firstDelayMs * 2 ** (over - 1)) : 0,
          );
          if (inRefuse.length <= l.refuseAfterFailures) expect(verdict.retryAfterMs).toBeUndefined();
          else {
            const keeping = inRefuse[inRefuse.length - l.refuseAfterFailures]!;
            expect(verdict.retryAfterMs).toBe(keeping + l.refuseWindowMs - t);
          }
        }
      }),
    );
  });
});

describe("throttleKey", () => {
  it("is the IPv4 address, also when IPv4-mapped", () => {
    expect(throttleKey("203.0.113.9")).toBe("203.0.113.9");
    expect(throttleKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const a = throttleKey("2001:db8:1:2:aaaa::1");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(throttleKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(a);
    expect(throttleKey("2001:db8:1:3::1")).not.toBe(a);
    expect(throttleKey("::1")).toBe("0:0:0:0::/64");
    expect(throttleKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
