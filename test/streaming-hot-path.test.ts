// Issue 13's streaming hot path, at the wire (in-process daemon, real Unix sockets): each
// session/update is built from a per-turn serialized prefix rather than through notify, so its bytes
// must stay exactly what serializing {jsonrpc, method, params: {sessionId, ...update}} gives; and
// with no promise per chunk, concurrent turns must still share the daemon (all finish together). The
// order in which the daemon produces updates is read by recording (and passing on) every send of the
// real transport: arrival order at a client would not show it, since sockets deliver independently.
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { NdjsonSocketTransport } from "../src/transport/ndjson-socket-transport.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await d?.stop();
  d = undefined;
});

describe("session/update on the hot path", () => {
  it("every update line is byte-for-byte the canonical serialization, sessionId first", async () => {
    d = await startTestDaemon();
    const c = await RawClient.connect(d.endpoint);
    sockets.push(c.socket);
    await c.initialize();
    await c.request("session/new", { session_id: "a-b.c_1" });
    const prompt = 'He said "hi"\n\tthen é ✓ \u2028 and \\ back\\slash, twice  ';
    const res = await c.request("session/prompt", { session_id: "a-b.c_1", prompt });
    expect((res.result as { outcome: string }).outcome).toBe("completed");
    const lines = c.rawLines.filter((l) => l.includes('"method":"session/update"'));
    expect(lines.length).toBeGreaterThan(3);
    let text = "";
    for (const line of lines) {
      const parsed = JSON.parse(line) as { params: { sessionId: string; type: string; text?: string } };
      expect(line).toBe(JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: parsed.params }));
      expect(Object.keys(parsed.params)[0]).toBe("sessionId");
      expect(parsed.params.sessionId).toBe("a-b.c_1");
      if (parsed.params.type === "agent_message_chunk") text += parsed.params.text;
    }
    expect(text).toBe(prompt);
    expect(JSON.parse(lines.at(-1)!).params).toMatchObject({ type: "turn_complete", content: prompt });
  });

  it("concurrent turns share the daemon: every session streams before any finishes", async () => {
    d = await startTestDaemon();
    const endpoint = d.endpoint;
    const SESSIONS = 4;
    const WORDS = 3000;
    // One counter over all connections: the order in which the daemon produced the update lines.
    let arrival = 0;
    const produced = new Map<string, { first: number; last: number; updates: number }>();
    const send = NdjsonSocketTransport.prototype.send;
    NdjsonSocketTransport.prototype.send = function (this: NdjsonSocketTransport, message: string) {
      if (message.startsWith('{"jsonrpc":"2.0","method":"session/update"')) {
        const sid = /"sessionId":"([^"]+)"/.exec(message)![1]!;
        const at = arrival++;
        const v = produced.get(sid) ?? { first: at, last: at, updates: 0 };
        v.last = at;
        v.updates++;
        produced.set(sid, v);
      }
      send.call(this, message);
    };
    onTestFinished(() => {
      NdjsonSocketTransport.prototype.send = send;
    });
    const done: Promise<void>[] = [];
    const conns = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, k) => {
        const s = connect(endpoint);
        sockets.push(s);
        await new Promise((r) => s.once("connect", r));
        s.setEncoding("utf8");
        let rest = "";
        let onLine: (l: string) => void = () => {};
        s.on("data", (chunk: string) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const l of lines) if (l) onLine(l);
        });
        const ask = (id: number, method: string, params: unknown) =>
          new Promise<void>((resolve) => {
            onLine = (l) => {
              if (l.includes(`"id":${id},`)) resolve();
            };
            s.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
          });
        await ask(1, "initialize", { protocolVersion: 1 });
        await ask(2, "session/new", { session_id: `fair-${k}` });
        return { s, k, setOnLine: (f: (l: string) => void) => (onLine = f) };
      }),
    );
    const prompt = "word ".repeat(WORDS);
    for (const { s, k, setOnLine } of conns) {
      done.push(
        new Promise<void>((resolve) => {
          setOnLine((l) => {
            if (l.includes('"id":3,')) resolve();
          });
        }),
      );
      s.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "session/prompt", params: { session_id: `fair-${k}`, prompt } })}\n`,
      );
    }
    await Promise.all(done);
    const seen = [...produced.values()];
    expect(seen.length).toBe(SESSIONS);
    for (const v of seen) expect(v.updates).toBe(WORDS + 1); // every chunk, then turn_complete
    const lastStart = Math.max(...seen.map((v) => v.first));
    const firstEnd = Math.min(...seen.map((v) => v.last));
    expect(lastStart, JSON.stringify(seen)).toBeLessThan(firstEnd);
  });
});
