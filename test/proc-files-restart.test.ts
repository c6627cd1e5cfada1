// SPEC §9 across a crash, against real `zeroclaw daemon` child processes: a daemon SIGKILLed while
// uploads are staged, with crash-left temp files (`<workspace>/.zeroclaw/files/.<hex>.partial`) planted while it
// is down. On restart no partial file remains in any session workspace, committed files and their
// index survive, and the staged uploads are gone (-32030), whatever connection names them.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  requireBuild,
  spawnDaemon,
  tempDirs,
  waitConnectable,
} from "./helpers/proc-daemon.js";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";

const dirs = tempDirs("zc-files-");
const running: DaemonProcess[] = [];
const clients: RawClient[] = [];

beforeAll(() => requireBuild());

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(running.splice(0).map((d) => d.kill()));
  dirs.cleanup();
});

afterAll(() => dirs.cleanup());

type FileEntry = { ref_id: string; workspace_path: string; deduplicated: boolean; size_bytes: number };

const sha = (b: Buffer): string => createHash("sha256").update(b).digest("hex");
const b64 = (b: Buffer): string => b.toString("base64");

function resultOf<T>(m: WireMessage): T {
  if (m.error || m.result === undefined) throw new Error(`expected a result, got ${JSON.stringify(m)}`);
  return m.result as T;
}

function layout(): { env: NodeJS.ProcessEnv; socket: string; home: string } {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), "[files]\nchunk_bytes = 64\n");
  const dataDir = join(home, "data");
  const socket = join(dataDir, "daemon.sock");
  return {
    home,
    socket,
    env: childEnv(home, {
      ZEROCLAW_CONFIG_DIR: configDir,
      ZEROCLAW_DATA_DIR: dataDir,
      ZEROCLAW_SOCKET: socket,
    }),
  };
}

async function start(env: NodeJS.ProcessEnv, socket: string): Promise<DaemonProcess> {
  const d = spawnDaemon(env);
  running.push(d);
  await waitConnectable(d, socket);
  return d;
}

async function connect(socket: string): Promise<RawClient> {
  const c = await RawClient.connect(socket);
  clients.push(c);
  await c.initialize();
  return c;
}

const partialsIn = (workspace: string): string[] => {
  const dir = join(workspace, ".zeroclaw", "files");
  return existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".partial")) : [];
};

describe("a daemon killed with uploads staged", () => {
  it("restarts with no partial file in any workspace, committed files kept and staged uploads gone (-32030)", async () => {
    const { env, socket, home } = layout();
    const first = await start(env, socket);
    const c = await connect(socket);

    const cwd = join(home, "project");
    mkdirSync(cwd);
    const a = resultOf<{ session_id: string; workspace_dir: string }>(
      await c.request("session/new", { session_id: "crash-a" }),
    );
    const b = resultOf<{ session_id: string; workspace_dir: string }>(
      await c.request("session/new", { session_id: "crash-b", cwd }),
    );
    expect(b.workspace_dir).toBe(cwd);

    // one committed file, which must survive
    const kept = randomBytes(150);
    const begun = resultOf<{ upload_id: string }>(
      await c.request("file/upload/begin", { session_id: "crash-a", size_bytes: 150, filename: "kept.bin" }),
    );
    for (let off = 0; off < 150; off += 64) {
      resultOf(
        await c.request("file/upload/chunk", {
          upload_id: begun.upload_id,
          offset: off,
          data_b64: b64(kept.subarray(off, off + 64)),
        }),
      );
    }
    const committed = resultOf<FileEntry>(
      await c.request("file/upload/commit", { upload_id: begun.upload_id }),
    );
    expect(readFileSync(committed.workspace_path)).toEqual(kept);

    // two uploads staged (one partly sent, one not at all) when the daemon dies
    const staged: string[] = [];
    for (const session of ["crash-a", "crash-b"]) {
      const r = resultOf<{ upload_id: string }>(
        await c.request("file/upload/begin", { session_id: session, size_bytes: 100 }),
      );
      staged.push(r.upload_id);
    }
    resultOf(
      await c.request("file/upload/chunk", {
        upload_id: staged[0],
        offset: 0,
        data_b64: b64(randomBytes(64)),
      }),
    );
    // nothing of a staged upload is in a workspace
    expect(partialsIn(a.workspace_dir)).toEqual([]);
    expect(readdirSync(join(a.workspace_dir, ".zeroclaw", "files"))).toEqual([sha(kept)]);
    expect(existsSync(join(cwd, ".zeroclaw", "files"))).toBe(false);

    await first.kill();
    expect(first.running).toBe(false);

    // what a crash in the middle of a store step leaves behind
    const partials = [
      join(a.workspace_dir, ".zeroclaw", "files", `.${randomBytes(8).toString("hex")}.partial`),
      join(a.workspace_dir, ".zeroclaw", "files", `.${sha(randomBytes(4))}.partial`),
      join(cwd, ".zeroclaw", "files", `.${randomBytes(8).toString("hex")}.partial`),
    ];
    mkdirSync(join(cwd, ".zeroclaw", "files"), { recursive: true });
    for (const p of partials) writeFileSync(p, randomBytes(33));
    expect(partialsIn(a.workspace_dir)).toHaveLength(2);
    expect(partialsIn(cwd)).toHaveLength(1);

    await start(env, socket);
    for (const p of partials) expect(existsSync(p)).toBe(false);
    expect(partialsIn(a.workspace_dir)).toEqual([]);
    expect(partialsIn(cwd)).toEqual([]);
    // the committed file is intact and still indexed
    expect(readFileSync(committed.workspace_path)).toEqual(kept);

    const after = await connect(socket);
    for (const id of staged) {
      for (const [method, params] of [
        ["file/upload/chunk", { upload_id: id, offset: 0, data_b64: b64(randomBytes(4)) }],
        ["file/upload/commit", { upload_id: id }],
      ] as const) {
        expect((await after.request(method, params)).error).toMatchObject({
          code: -32030,
          data: { reason: "upload_not_found", upload_id: id },
        });
      }
    }
    const again = resultOf<{ files: FileEntry[] }>(
      await after.request("file/attach", {
        session_id: "crash-a",
        files: [{ filename: "kept.bin", data_b64: b64(kept) }],
      }),
    ).files[0]!;
    expect(again).toMatchObject({
      ref_id: committed.ref_id,
      workspace_path: committed.workspace_path,
      deduplicated: true,
    });
    // uploads work normally after the restart, and leave no temp file either
    const fresh = resultOf<{ upload_id: string }>(
      await after.request("file/upload/begin", { session_id: "crash-b", size_bytes: 3 }),
    );
    resultOf(
      await after.request("file/upload/chunk", {
        upload_id: fresh.upload_id,
        offset: 0,
        data_b64: b64(Buffer.from("new")),
      }),
    );
    const stored = resultOf<FileEntry>(
      await after.request("file/upload/commit", { upload_id: fresh.upload_id }),
    );
    expect(stored.workspace_path).toBe(join(cwd, ".zeroclaw", "files", sha(Buffer.from("new"))));
    expect(readdirSync(join(cwd, ".zeroclaw", "files"))).toEqual([sha(Buffer.from("new"))]);
  });

  it("never hands out an upload id again after a restart: a pre-crash id stays -32030 even once new uploads exist", async () => {
    const { env, socket } = layout();
    const first = await start(env, socket);
    const c = await connect(socket);
    resultOf(await c.request("session/new", { session_id: "ids" }));
    const before: string[] = [];
    for (let i = 0; i < 3; i++) {
      before.push(
        resultOf<{ upload_id: string }>(
          await c.request("file/upload/begin", { session_id: "ids", size_bytes: 8 }),
        ).upload_id,
      );
    }
    await first.kill();

    await start(env, socket);
    const after = await connect(socket);
    const fresh: string[] = [];
    for (let i = 0; i < 3; i++) {
      fresh.push(
        resultOf<{ upload_id: string }>(
          await after.request("file/upload/begin", { session_id: "ids", size_bytes: 8 }),
        ).upload_id,
      );
    }
    // A client retrying a lost chunk of its pre-crash upload on its new connection must not land in
    // one of the uploads the restarted daemon began since.
    for (const id of before) {
      expect(
        (
          await after.request("file/upload/chunk", {
            upload_id: id,
            offset: 0,
            data_b64: b64(Buffer.alloc(8)),
          })
        ).error,
      ).toMatchObject({ code: -32030, data: { reason: "upload_not_found", upload_id: id } });
    }
  });
});
