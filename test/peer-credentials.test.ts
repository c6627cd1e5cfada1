import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addonAvailable, peerCredentials, peerLabel } from "../src/auth/peer-credentials.js";

const isWindows = process.platform === "win32";
const isLinux = process.platform === "linux";

let dir: string;
let server: net.Server | undefined;
const sockets: net.Socket[] = [];
const children: ChildProcess[] = [];

beforeEach(() => {
  // Short path: Unix socket paths are limited to ~104-108 bytes.
  dir = mkdtempSync(join(tmpdir(), "zc-peer-"));
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  for (const socket of sockets.splice(0)) socket.destroy();
  const srv = server;
  server = undefined;
  if (srv) await new Promise<void>((done) => srv.close(() => done()));
  rmSync(dir, { recursive: true, force: true });
});

/** Listens on a fresh Unix socket; resolves with its path and the next accepted socket. */
async function listen(): Promise<{ path: string; accepted: Promise<net.Socket> }> {
  const path = join(dir, "peer.sock");
  let accept!: (socket: net.Socket) => void;
  const accepted = new Promise<net.Socket>((resolve) => {
    accept = resolve;
  });
  const srv = net.createServer((socket) => {
    sockets.push(socket);
    accept(socket);
  });
  server = srv;
  await new Promise<void>((resolve, reject) => {
    srv.once("error", reject);
    srv.listen(path, () => resolve());
  });
  return { path, accepted };
}

async function connect(path: string): Promise<net.Socket> {
  const client = net.createConnection(path);
  sockets.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once("connect", () => resolve());
    client.once("error", reject);
  });
  return client;
}

describe.skipIf(isWindows)("peer credentials over a Unix socket", () => {
  it("has the native addon built", () => {
    // `npm ci` builds it (scripts/build-native.mjs); without it every label is unix:unknown.
    expect(addonAvailable()).toBe(true);
  });

  it("server side sees this process", async () => {
    const { path, accepted } = await listen();
    await connect(path);
    const serverSide = await accepted;

    const creds = peerCredentials(serverSide);
    expect(creds).toBeDefined();
    expect(creds?.uid).toBe(process.getuid?.());
    expect(creds?.gid).toBe(process.getgid?.());
    if (isLinux) expect(creds?.pid).toBe(process.pid);
    expect(peerLabel(serverSide)).toMatch(/^unix:pid=(\d+|unknown),uid=\d+$/);
    if (isLinux) expect(peerLabel(serverSide)).toBe(`unix:pid=${process.pid},uid=${process.getuid?.()}`);
  });

  it("client side sees the server, which is also this process", async () => {
    const { path, accepted } = await listen();
    const client = await connect(path);
    await accepted;

    const creds = peerCredentials(client);
    expect(creds).toBeDefined();
    expect(creds?.uid).toBe(process.getuid?.());
    if (isLinux) {
      expect(creds?.pid).toBe(process.pid);
      expect(peerLabel(client)).toBe(`unix:pid=${process.pid},uid=${process.getuid?.()}`);
    }
  });

  it("sees a child process's pid", async () => {
    const { path, accepted } = await listen();
    // The child connects and stays connected until the server side closes.
    const script = `const c = require("node:net").createConnection(${JSON.stringify(path)});
      c.on("close", () => process.exit(0)); c.on("error", () => process.exit(2)); c.resume();`;
    const child = spawn(process.execPath, ["-e", script], { stdio: "ignore" });
    children.push(child);
    const serverSide = await accepted;

    const creds = peerCredentials(serverSide);
    expect(creds).toBeDefined();
    expect(creds?.uid).toBe(process.getuid?.());
    if (isLinux || process.platform === "darwin") {
      expect(child.pid).toBeTypeOf("number");
      expect(creds?.pid).toBe(child.pid);
      expect(creds?.pid).not.toBe(process.pid);
      expect(peerLabel(serverSide)).toBe(`unix:pid=${child.pid},uid=${process.getuid?.()}`);
    }

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    serverSide.end();
    expect(await exited).toBe(0);
  });

  it("degrades to unknown for a socket with no Unix peer", async () => {
    // A TCP connection has no peer credentials; a destroyed socket has no fd.
    const tcp = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", () => resolve()));
    try {
      const address = tcp.address() as net.AddressInfo;
      const client = net.createConnection(address.port, "127.0.0.1");
      sockets.push(client);
      await new Promise<void>((resolve) => client.once("connect", () => resolve()));
      expect(peerCredentials(client)).toBeUndefined();
      expect(peerLabel(client)).toBe("unix:unknown");

      client.destroy();
      expect(peerCredentials(client)).toBeUndefined();
      expect(peerLabel(client)).toBe("unix:unknown");
      expect(peerLabel(new net.Socket())).toBe("unix:unknown");
    } finally {
      for (const socket of sockets.splice(0)) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    }
  });
});

describe.runIf(isWindows)("peer credentials on Windows", () => {
  it("labels named-pipe peers pipe:local", () => {
    expect(peerLabel(new net.Socket())).toBe("pipe:local");
    expect(peerCredentials(new net.Socket())).toBeUndefined();
  });
});
