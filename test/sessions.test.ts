// SPEC §5/§7/§8 with the built-in echo agent over a real socket: session lifecycle, streaming order,
// transcript, ownership and the durable close/kill/delete semantics.
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
const clients: RawClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await d?.stop();
  d = undefined;
});
async function ready(toml = ""): Promise<RawClient> {
  d ??= await startTestDaemon(toml);
  const c = await RawClient.connect(d.endpoint);
  clients.push(c);
  await c.initialize();
  return c;
}
const result = <T>(m: WireMessage): T => {
  if (!m.result) throw new Error(`expected a result, got ${JSON.stringify(m)}`);
  return m.result as T;
};

describe("session/new", () => {
  it("creates an acp session on the default agent with a private workspace", async () => {
    const c = await ready();
    const s = result<{ session_id: string; workspace_dir: string }>(await c.request("session/new", {}));
    expect(s).toMatchObject({ agent: "default", mode: "acp" });
    expect(s.session_id).toMatch(/^s_[0-9a-f]{16}$/);
    expect(existsSync(s.workspace_dir)).toBe(true);
    const status = result<{ sessions: object; session_ids: string[] }>(await c.request("status", {}));
    expect(status.sessions).toEqual({ live: 1, persisted: 1 });
    expect(status.session_ids).toEqual([s.session_id]);
  });

  it("refuses an unknown agent, a taken id, a cwd that is not a directory, and more than sessions.max_live", async () => {
    const c = await ready("[sessions]\nmax_live = 2\n");
    expect((await c.request("session/new", { agent: "nope" })).error?.data).toMatchObject({
      reason: "invalid_params",
      errors: [{ path: "/agent" }],
    });
    await c.request("session/new", { session_id: "a" });
    expect((await c.request("session/new", { session_id: "a" })).error?.data).toMatchObject({
      errors: [{ path: "/session_id" }],
    });
    expect((await c.request("session/new", { cwd: "relative/dir" })).error?.data).toMatchObject({
      errors: [{ path: "/cwd" }],
    });
    expect((await c.request("session/new", { session_id: "b", cwd: d!.dir })).result).toMatchObject({
      workspace_dir: d!.dir,
    });
    expect((await c.request("session/new", { session_id: "c" })).error).toMatchObject({
      code: -32001,
      data: { reason: "session_limit", limit: 2 },
    });
  });
});

describe("an echo turn", () => {
  it("streams chunks, then turn_complete, all before the response, and records the transcript", async () => {
    const c = await ready();
    await c.request("session/new", { session_id: "e" });
    await c.send({
      jsonrpc: "2.0",
      id: 99,
      method: "session/prompt",
      params: { session_id: "e", prompt: "Hello there friend" },
    });
    const seen: WireMessage[] = [];
    for (;;) {
      const m = await c.next();
      seen.push(m);
      if (m.id === 99) break;
    }
    const updates = seen
      .filter((m) => m.method === "session/update")
      .map((m) => m.params as Record<string, unknown>);
    const chunks = updates.filter((u) => u.type === "agent_message_chunk").map((u) => u.text);
    expect(chunks.join("")).toBe("Hello there friend");
    expect(chunks.length).toBeGreaterThan(1);
    expect(updates.at(-1)).toEqual({
      sessionId: "e",
      type: "turn_complete",
      turnId: "t_1",
      outcome: "completed",
      content: "Hello there friend",
    });
    expect(seen.at(-1)?.result).toEqual({
      session_id: "e",
      turn_id: "t_1",
      outcome: "completed",
      stop_reason: "end_turn",
      content: "Hello there friend",
    });
    const log = result<{
      messages: { seq: number; role: string; kind: string; content: string; turn_id: string }[];
      total: number;
    }>(await c.request("session/messages", { session_id: "e" }));
    expect(log.total).toBe(2);
    expect(log.messages.map((m) => [m.seq, m.role, m.kind, m.content, m.turn_id])).toEqual([
      [1, "user", "message", "Hello there friend", "t_1"],
      [2, "assistant", "message", "Hello there friend", "t_1"],
    ]);
  });

  it("pages the transcript with after_seq and limit", async () => {
    const c = await ready();
    await c.request("session/new", { session_id: "p" });
    for (const word of ["one", "two", "three"])
      await c.request("session/prompt", { session_id: "p", prompt: word });
    const page = result<{ messages: { seq: number }[]; total: number }>(
      await c.request("session/messages", { session_id: "p", after_seq: 2, limit: 3 }),
    );
    expect(page.total).toBe(6);
    expect(page.messages.map((m) => m.seq)).toEqual([3, 4, 5]);
  });

  it("answers -32000 for an unknown session and for cancel with no running turn", async () => {
    const c = await ready();
    expect((await c.request("session/prompt", { session_id: "ghost", prompt: "x" })).error).toMatchObject({
      code: -32000,
      data: { reason: "session_not_found", session_id: "ghost" },
    });
    await c.request("session/new", { session_id: "idle" });
    expect((await c.request("session/cancel", { session_id: "idle" })).error).toMatchObject({
      code: -32000,
      data: { reason: "no_running_turn", session_id: "idle" },
    });
  });
});

describe("durable lifecycle", () => {
  it("close keeps history resumable: a later prompt rehydrates the session", async () => {
    const c = await ready();
    await c.request("session/new", { session_id: "r" });
    await c.request("session/prompt", { session_id: "r", prompt: "first" });
    expect((await c.request("session/close", { session_id: "r" })).result).toEqual({
      session_id: "r",
      closed: true,
    });
    expect(
      result<{ sessions: { state: string }[] }>(await c.request("session/list", {})).sessions[0]?.state,
    ).toBe("closed");
    expect(result<{ session_ids: string[] }>(await c.request("status", {})).session_ids).toEqual([]);
    const again = result<{ turn_id: string; content: string }>(
      await c.request("session/prompt", { session_id: "r", prompt: "second" }),
    );
    expect(again).toMatchObject({ turn_id: "t_2", content: "second" });
    const log = result<{ messages: { seq: number; content: string }[] }>(
      await c.request("session/messages", { session_id: "r" }),
    );
    expect(log.messages.map((m) => [m.seq, m.content])).toEqual([
      [1, "first"],
      [2, "first"],
      [3, "second"],
      [4, "second"],
    ]);
  });

  it("kill leaves a tombstone: history readable, never prompted again", async () => {
    const c = await ready();
    await c.request("session/new", { session_id: "k" });
    await c.request("session/prompt", { session_id: "k", prompt: "bye" });
    expect((await c.request("session/kill", { session_id: "k" })).result).toEqual({
      session_id: "k",
      killed: true,
    });
    expect((await c.request("session/prompt", { session_id: "k", prompt: "again" })).error).toMatchObject({
      code: -32000,
      data: { reason: "session_killed", session_id: "k" },
    });
    expect(result<{ total: number }>(await c.request("session/messages", { session_id: "k" })).total).toBe(2);
    expect(
      result<{ sessions: { state: string }[] }>(await c.request("session/list", {})).sessions[0]?.state,
    ).toBe("killed");
  });

  it("delete removes the ACP session and its rows; a chat session with the same id stays", async () => {
    const c = await ready();
    await c.request("session/new", { session_id: "x" });
    await c.request("session/prompt", { session_id: "x", prompt: "acp words" });
    await c.request("session/close", { session_id: "x" });
    await c.request("session/new", { session_id: "x", mode: "chat" });
    await c.request("session/prompt", { session_id: "x", prompt: "chat words" });
    expect((await c.request("session/delete", { session_id: "x" })).result).toEqual({
      session_id: "x",
      deleted: true,
    });
    const list = result<{ sessions: { session_id: string; mode: string; state: string }[] }>(
      await c.request("session/list", {}),
    );
    expect(list.sessions).toEqual([
      expect.objectContaining({ session_id: "x", mode: "chat", state: "idle" }),
    ]);
    const log = result<{ messages: { content: string }[] }>(
      await c.request("session/messages", { session_id: "x" }),
    );
    expect(log.messages.map((m) => m.content)).toEqual(["chat words", "chat words"]);
    expect((await c.request("session/delete", { session_id: "x" })).error?.code).toBe(-32000);
  });

  it("delete of a live ACP session removes it and its rows", async () => {
    const c = await ready();
    await c.request("session/new", { session_id: "gone" });
    await c.request("session/prompt", { session_id: "gone", prompt: "x" });
    await c.request("session/delete", { session_id: "gone" });
    expect((await c.request("session/messages", { session_id: "gone" })).error?.code).toBe(-32000);
    expect((await c.request("session/prompt", { session_id: "gone", prompt: "x" })).error?.code).toBe(-32000);
    expect(result<{ sessions: unknown[] }>(await c.request("session/list", {})).sessions).toEqual([]);
  });

  it("a session survives a daemon restart as closed and resumes", async () => {
    const c = await ready();
    await c.request("session/new", { session_id: "keep" });
    await c.request("session/prompt", { session_id: "keep", prompt: "before" });
    c.close();
    const dir = d!.dir;
    await d!.daemon.stop();
    const { Daemon } = await import("../src/daemon/daemon.js");
    const { silentLogger } = await import("../src/log.js");
    const { join } = await import("node:path");
    const again = await Daemon.start({
      env: { ZEROCLAW_CONFIG_DIR: join(dir, "config"), ZEROCLAW_DATA_DIR: join(dir, "data") },
      log: silentLogger(),
    });
    try {
      const c2 = await RawClient.connect(again.paths.endpoint);
      clients.push(c2);
      await c2.initialize();
      expect(
        result<{ sessions: { state: string }[] }>(await c2.request("session/list", {})).sessions[0]?.state,
      ).toBe("closed");
      expect(
        result<{ content: string }>(
          await c2.request("session/prompt", { session_id: "keep", prompt: "after" }),
        ).content,
      ).toBe("after");
      expect(
        result<{ total: number }>(await c2.request("session/messages", { session_id: "keep" })).total,
      ).toBe(4);
    } finally {
      await again.stop();
    }
  });
});
