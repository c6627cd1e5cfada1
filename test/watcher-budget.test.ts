// SPEC §17 "bounded watchers" against the real daemon on real Unix sockets: a watcher that stops
// reading holds at most sessions.max_watcher_buffer_bytes of unread output in the daemon, then gets
// subscription_ended (lagging) as its last update of the session; the turn completes meanwhile, every
// stalled watcher is bounded the same way, and a lagging watcher may subscribe again. The echo provider
// streams the turns.
import { afterEach, describe, expect, it } from "vitest";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { TurnClient, waitFor } from "./helpers/turn-client.js";

/**
 * Small enough to pass at once for a stalled watcher, big enough for a reading one: above what the
 * turn's own connection may have queued (HIGH_WATER, where the turn waits for its reader) plus one
 * tick of the echo provider's output (64 chunks, some 40 KiB).
 */
const BUDGET = 256 * 1024;
const HIGH_WATER = 64 * 1024;
const CONFIG = `[rpc]\noutput_high_water_bytes = ${HIGH_WATER}\n[sessions]\nmax_watcher_buffer_bytes = ${BUDGET}\n`;
/** One update (the words here are 512 bytes) and the subscription_ended line may go past the budget. */
const SLACK = 4 * 1024;

let d: TestDaemon | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await d?.stop();
  d = undefined;
});

/** 2 MiB of reply in 512-byte words: some 4,000 updates, far more than a stalled watcher may hold. */
const LONG = `${"x".repeat(511)} `.repeat(4096);

async function runner(): Promise<TurnClient> {
  const c = await TurnClient.connect(d!.endpoint);
  closers.push(() => c.close());
  return c;
}

async function watcher(sid: string): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  closers.push(() => c.close());
  await c.initialize();
  expect((await c.request("session/subscribe", { session_id: sid })).result).toMatchObject({
    subscribed: true,
  });
  return c;
}

const updatesOf = (c: RawClient, sid: string): Record<string, unknown>[] =>
  c.rawLines
    .map((l) => JSON.parse(l) as WireMessage)
    .filter((m) => m.method === "session/update" && (m.params as { sessionId?: string }).sessionId === sid)
    .map((m) => m.params as Record<string, unknown>);

/** Unread output the daemon holds for each watcher (every connection but the first, the runner's). */
const queued = (): number[] => d!.daemon.openConnections.slice(1).map((c) => c.transport.queuedBytes);

describe("a watcher that stops reading", () => {
  it("costs at most its budget, gets subscription_ended lagging as its last update, and may subscribe again", async () => {
    d = await startTestDaemon(CONFIG);
    const run = await runner();
    const sid = (await run.call<{ session_id: string }>("session/new", { session_id: "streamed" }))
      .session_id;
    const w = await watcher(sid);
    w.socket.pause();
    // The turn is not held back by the stalled watcher: it completes while the watcher reads nothing.
    expect((await run.prompt(sid, LONG).result()).outcome).toBe("completed");
    expect(Math.max(...queued())).toBeLessThanOrEqual(BUDGET + SLACK);

    w.socket.resume();
    await waitFor(() => updatesOf(w, sid).some((u) => u.type === "subscription_ended"), "lagging");
    // A second turn: none of it reaches the watcher, whose status answer proves its queue is drained.
    expect((await run.prompt(sid, "after the end").result()).outcome).toBe("completed");
    expect((await w.request("status", {})).result).toBeDefined();
    const got = updatesOf(w, sid);
    expect(got.at(-1)).toEqual({ sessionId: sid, type: "subscription_ended", reason: "lagging" });
    expect(got.filter((u) => u.type === "subscription_ended")).toHaveLength(1);
    expect(got.some((u) => u.type === "turn_complete")).toBe(false);
    expect(got.length).toBeGreaterThan(1); // it did get the start of the turn

    // Reading again, it subscribes again and follows the next turn from there.
    await w.request("session/subscribe", { session_id: sid });
    expect((await run.prompt(sid, "welcome back").result()).outcome).toBe("completed");
    await waitFor(() => updatesOf(w, sid).at(-1)?.type === "turn_complete", "the next turn");
    expect(updatesOf(w, sid).at(-1)).toMatchObject({ type: "turn_complete", content: "welcome back" });
  });

  it("any number of stalled watchers are each held to the budget while turns stream", async () => {
    d = await startTestDaemon(CONFIG);
    const run = await runner();
    const sid = (await run.call<{ session_id: string }>("session/new", { session_id: "many" })).session_id;
    const stalled = await Promise.all(Array.from({ length: 6 }, () => watcher(sid)));
    for (const w of stalled) w.socket.pause();
    for (let i = 0; i < 3; i++) expect((await run.prompt(sid, LONG).result()).outcome).toBe("completed");
    for (const bytes of queued()) expect(bytes).toBeLessThanOrEqual(BUDGET + SLACK);
    expect(d.daemon.services.subscriptions.count(sid)).toBe(0);
    for (const w of stalled) w.socket.resume();
    for (const w of stalled)
      await waitFor(() => updatesOf(w, sid).at(-1)?.type === "subscription_ended", "each watcher's end");
  });

  it("a watcher that keeps reading keeps its subscription through the same turns", async () => {
    d = await startTestDaemon(CONFIG);
    const run = await runner();
    const sid = (await run.call<{ session_id: string }>("session/new", { session_id: "read" })).session_id;
    const w = await watcher(sid);
    expect((await run.prompt(sid, LONG).result()).outcome).toBe("completed");
    await waitFor(() => updatesOf(w, sid).at(-1)?.type === "turn_complete", "the whole turn");
    expect(updatesOf(w, sid).some((u) => u.type === "subscription_ended")).toBe(false);
  });
});
