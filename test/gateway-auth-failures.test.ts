// SPEC §17 failed gateway authentication against the real daemon and real WebSockets: a failure ends
// its connection after the error line (a burst of guesses on one connection gets one answer), guesses
// are held back per address while a valid token from the same address is answered at once, and a
// missing token is not counted as a guess. Orders of events, never durations.
import { afterEach, describe, expect, it } from "vitest";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

const config = (throttle = ""): string => `
[gateway]
enabled = true
port = 0
pending_timeout_ms = 600000

[gateway.auth_throttle]
${throttle}

[permission_profiles.reader]
grants = { system = ["read"] }

[users.alice]
permission_profiles = ["reader"]
`;

let d: TestDaemon | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await d?.stop();
  d = undefined;
});

async function gateway(): Promise<WsRpcClient> {
  const c = await WsRpcClient.open(d!.daemon.services.gatewayUrl()!);
  closers.push(() => c.close());
  return c;
}

async function aliceToken(): Promise<string> {
  const owner = await RawClient.connect(d!.endpoint);
  closers.push(() => owner.close());
  await owner.initialize();
  return ((await owner.request("pairing/create", { user: "alice" })).result as { token: string }).token;
}

const initLine = (id: number, token?: string): string =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: 1, auth_token: token },
  });

describe("failed gateway authentication", () => {
  it("ends the connection after the error line: a burst of guesses on one connection gets one answer", async () => {
    d = await startTestDaemon(config());
    const g = await gateway();
    for (let i = 1; i <= 20; i++) g.ws.send(initLine(i, `zc_guess-${i}`));
    expect(await g.waitClosed()).toBe(true);
    const answers = g.messages.filter((m) => m.id !== undefined);
    expect(answers).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: expect.objectContaining({ code: -32010, data: { reason: "invalid_token" } }),
      },
    ]);
  });

  it("treats a wrong dashboard login code like a wrong token: one answer, then the connection ends", async () => {
    d = await startTestDaemon(config());
    const g = await gateway();
    for (let i = 1; i <= 5; i++)
      g.ws.send(
        JSON.stringify({
          jsonrpc: "2.0",
          id: i,
          method: "initialize",
          params: { protocolVersion: 1, login_code: `guess-${i}` },
        }),
      );
    expect(await g.waitClosed()).toBe(true);
    expect(g.messages.filter((m) => m.id !== undefined)).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: expect.objectContaining({ code: -32010, data: { reason: "invalid_login_code" } }),
      },
    ]);
  });

  it("holds a guess back past the first failures while a valid token from the same address gets in at once", async () => {
    d = await startTestDaemon(
      config("delay_after_failures = 1\nfirst_delay_ms = 600000\nmax_delay_ms = 600000"),
    );
    const token = await aliceToken();
    const first = await gateway();
    expect(
      (await first.request("initialize", { protocolVersion: 1, auth_token: "zc_guess-1" })).error?.data,
    ).toEqual({
      reason: "invalid_token",
    });
    const held = await gateway();
    held.ws.send(initLine(2, "zc_guess-2"));
    const alice = await gateway();
    const init = await alice.request("initialize", { protocolVersion: 1, auth_token: token });
    expect(init.result).toMatchObject({ principal: { id: "alice", admin: false } });
    expect((await alice.request("status", {})).result).toBeDefined();
    // The second guess, sent before alice's initialize, is still unanswered and its connection open.
    expect(held.messages).toEqual([]);
    expect(held.isClosed).toBe(false);
  });

  it("does not count a missing token as a guess", async () => {
    d = await startTestDaemon(
      config("delay_after_failures = 0\nfirst_delay_ms = 600000\nrefuse_after_failures = 1"),
    );
    for (let i = 0; i < 5; i++) {
      const g = await gateway();
      expect((await g.request("initialize", { protocolVersion: 1 })).error?.data).toEqual({
        reason: "auth_required",
      });
      expect(await g.waitClosed()).toBe(true);
    }
  });
});
