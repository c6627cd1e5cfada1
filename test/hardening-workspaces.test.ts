// SPEC §12: session-id rules, session/new.cwd confinement (workspace_roots, the data dir, another
// principal's workspace, symlinks), status scoped to the caller. Real daemon, real sockets, a real
// gateway peer with a pairing token.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
let outside: string | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await d?.stop();
  d = undefined;
  if (outside) rmSync(outside, { recursive: true, force: true });
  outside = undefined;
});

const resultOf = <T>(m: WireMessage): T => {
  if (m.error) throw new Error(`expected a result, got ${JSON.stringify(m.error)}`);
  return m.result as T;
};

async function local(): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  closers.push(() => c.close());
  await c.initialize();
  return c;
}

async function remote(user: string): Promise<WsRpcClient> {
  const { token } = d!.daemon.services.pairing.create(user, "workspaces test");
  d!.daemon.services.authority.tokensChanged();
  const g = await WsRpcClient.open(d!.daemon.services.gatewayUrl()!);
  closers.push(() => g.close());
  resultOf(await g.request("initialize", { protocolVersion: 1, auth_token: token }));
  return g;
}

/** A gateway user `bob` whose profile may work only under `<outside>/roots/bob`. */
function policy(root: string): string {
  return `
[gateway]
enabled = true
port = 0

[permission_profiles.worker]
grants = { sessions = ["*"], system = ["read"], files = ["create"] }
allowed_agents = ["default"]
workspace_roots = [${JSON.stringify(root)}]

[users.bob]
permission_profiles = ["worker"]
`;
}

describe("session ids (SPEC §12)", () => {
  for (const id of [".", "..", "...", ".hidden", "a/b", "", "x".repeat(129)]) {
    it(`refuses ${JSON.stringify(id)} with -32602`, async () => {
      d = await startTestDaemon();
      const c = await local();
      const r = await c.request("session/new", { session_id: id });
      expect(r.error).toMatchObject({ code: -32602, data: { reason: "invalid_params" } });
    });
  }

  for (const id of ["a..b", "_x", "-y", "A.b-c_d", "x".repeat(128)]) {
    it(`accepts ${JSON.stringify(id)}, its workspace strictly inside <data_dir>/workspaces/`, async () => {
      d = await startTestDaemon();
      const c = await local();
      const s = resultOf<{ workspace_dir: string }>(await c.request("session/new", { session_id: id }));
      const rel = relative(join(d.dir, "data", "workspaces"), s.workspace_dir);
      expect(rel).toBe(id);
    });
  }
});

describe("session/new.cwd (SPEC §12)", () => {
  function layout(): { root: string; inside: string; elsewhere: string } {
    outside = realpathSync(mkdtempSync(join(tmpdir(), "zc-ws-")));
    const root = join(outside, "roots", "bob");
    const inside = join(root, "project");
    const elsewhere = join(outside, "elsewhere");
    for (const dir of [inside, elsewhere]) mkdirSync(dir, { recursive: true });
    return { root, inside, elsewhere };
  }

  it("refuses the data dir and anything inside it, for the admin owner too", async () => {
    d = await startTestDaemon();
    const c = await local();
    const data = join(d.dir, "data");
    mkdirSync(join(data, "sub"), { recursive: true });
    for (const cwd of [data, join(data, "sub"), join(data, "workspaces")]) {
      mkdirSync(cwd, { recursive: true });
      expect((await c.request("session/new", { cwd })).error).toEqual({
        code: -32012,
        message: expect.any(String),
        data: { reason: "cwd_forbidden", cwd },
      });
    }
  });

  it("lets the admin owner name any other directory", async () => {
    d = await startTestDaemon();
    const { elsewhere } = layout();
    const c = await local();
    expect(
      resultOf<{ workspace_dir: string }>(await c.request("session/new", { cwd: elsewhere })),
    ).toMatchObject({
      workspace_dir: elsewhere,
    });
  });

  it("limits a non-admin to its workspace_roots: the root itself and below, nothing else", async () => {
    const { root, inside, elsewhere } = layout();
    d = await startTestDaemon(policy(root));
    const bob = await remote("bob");
    expect(resultOf(await bob.request("session/new", { cwd: root }))).toMatchObject({ workspace_dir: root });
    expect(resultOf(await bob.request("session/new", { cwd: inside }))).toMatchObject({
      workspace_dir: inside,
    });
    for (const cwd of [elsewhere, outside!, "/", join(root, "..")]) {
      expect((await bob.request("session/new", { cwd })).error).toMatchObject({
        code: -32012,
        data: { reason: "cwd_forbidden", cwd },
      });
    }
  });

  it("resolves symlinks first: a link inside a root pointing outside it is refused", async () => {
    const { root, elsewhere } = layout();
    d = await startTestDaemon(policy(root));
    const link = join(root, "escape");
    symlinkSync(elsewhere, link);
    const bob = await remote("bob");
    expect((await bob.request("session/new", { cwd: link })).error).toMatchObject({
      code: -32012,
      data: { reason: "cwd_forbidden", cwd: link },
    });
    const toData = join(root, "to-data");
    symlinkSync(join(d.dir, "data"), toData);
    const owner = await local();
    expect((await owner.request("session/new", { cwd: toData })).error).toMatchObject({
      data: { reason: "cwd_forbidden" },
    });
  });

  it("refuses a non-admin another principal's session workspace, even inside its own roots", async () => {
    const { root, inside } = layout();
    d = await startTestDaemon(policy(root));
    const owner = await local();
    resultOf(await owner.request("session/new", { session_id: "owners", cwd: inside }));
    const bob = await remote("bob");
    expect((await bob.request("session/new", { cwd: inside })).error).toMatchObject({
      code: -32012,
      data: { reason: "cwd_forbidden", cwd: inside },
    });
    // Its own sessions may share a directory.
    resultOf(await bob.request("session/new", { cwd: root }));
    resultOf(await bob.request("session/new", { cwd: root }));
  });

  it("gives a non-admin without workspace_roots a daemon-made workspace only", async () => {
    const { elsewhere } = layout();
    d = await startTestDaemon(policy("/nonexistent-root-for-test"));
    const bob = await remote("bob");
    expect((await bob.request("session/new", { cwd: elsewhere })).error).toMatchObject({
      data: { reason: "cwd_forbidden" },
    });
    const s = resultOf<{ workspace_dir: string }>(await bob.request("session/new", {}));
    expect(relative(join(d.dir, "data", "workspaces"), s.workspace_dir)).not.toMatch(/^\.\./);
  });
});

describe("status for non-admins (SPEC §12)", () => {
  it("lists and counts only the caller's sessions; connection counts stay daemon-wide", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "zc-ws-")));
    outside = root;
    d = await startTestDaemon(policy(root));
    const owner = await local();
    resultOf(await owner.request("session/new", { session_id: "owner-1" }));
    resultOf(await owner.request("session/new", { session_id: "owner-2" }));
    const bob = await remote("bob");
    resultOf(await bob.request("session/new", { session_id: "bob-1" }));
    const seen = resultOf<{
      session_ids: string[];
      sessions: { live: number; persisted: number };
      connections: { local: number; gateway: number };
    }>(await bob.request("status", {}));
    expect(seen.session_ids).toEqual(["bob-1"]);
    expect(seen.sessions).toEqual({ live: 1, persisted: 1 });
    expect(seen.connections).toMatchObject({ local: 1, gateway: 1 });
    const all = resultOf<{ session_ids: string[]; sessions: { live: number } }>(
      await owner.request("status", {}),
    );
    expect([...all.session_ids].sort()).toEqual(["bob-1", "owner-1", "owner-2"]);
    expect(all.sessions.live).toBe(3);
  });
});
