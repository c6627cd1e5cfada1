// The in-memory linked transport pair the peer tests run on: order kept, nothing handed over inside
// the sender's call, paused messages held, finish delivers what was sent before the end, close
// reaches both ends once.
import { describe, expect, it } from "vitest";
import { linkedTransports } from "../src/transport/linked-transport.js";
import type { TransportEvents } from "../src/transport/transport.js";

const recorder = (withEnded = true) => {
  const got: string[] = [];
  const closed: string[] = [];
  let ended = 0;
  const events: TransportEvents = {
    message: (t) => got.push(t),
    closed: (r) => closed.push(r),
    ...(withEnded ? { ended: () => void ended++ } : {}),
  };
  return { got, closed, events, ended: () => ended };
};
const tick = () => new Promise((r) => setImmediate(r));

describe("linkedTransports", () => {
  it("delivers in order, never synchronously, and holds messages while paused or before start", async () => {
    const [a, b] = linkedTransports();
    const rb = recorder();
    a.send("1");
    a.send("2");
    await tick();
    b.start(rb.events); // received before start: handed over now
    expect(rb.got).toEqual(["1", "2"]);
    b.pauseMessages(true);
    a.send("3");
    expect(rb.got).toEqual(["1", "2"]);
    await tick();
    expect(rb.got).toEqual(["1", "2"]);
    b.pauseMessages(false);
    expect(rb.got).toEqual(["1", "2", "3"]);
    expect(a.backedUp).toBe(false);
    await a.whenWritable();
  });

  it("finish: the last message, then the other end's input ends, then both ends close once", async () => {
    const [a, b] = linkedTransports();
    const ra = recorder();
    const rb = recorder();
    a.start(ra.events);
    b.start(rb.events);
    a.send("x");
    a.finish("bye", "done");
    a.send("dropped");
    for (let i = 0; i < 4; i++) await tick();
    expect(rb.got).toEqual(["x", "bye"]);
    expect(rb.ended()).toBe(1);
    expect(ra.closed).toEqual(["done"]);
    expect(rb.closed).toEqual(["peer closed"]);
    expect(a.isClosed && b.isClosed).toBe(true);
  });

  it("close reaches the other end, and sends after it are dropped", async () => {
    const [a, b] = linkedTransports();
    const ra = recorder();
    const rb = recorder();
    a.start(ra.events);
    b.start(rb.events);
    b.close("gone");
    b.send("late");
    await tick();
    await tick();
    expect(ra.closed).toEqual(["peer closed"]);
    expect(rb.closed).toEqual(["gone"]);
    expect(ra.got).toEqual([]);
  });
});
