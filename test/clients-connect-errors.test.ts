// Issue 27.6: in every generated client a socket URL's leading `~` is the home directory, and a
// connection that fails names the endpoint it tried and says what to check — as a typed error of the
// language's kind (Python ConnectFailedError, Go *ConnectError, Rust TransportError::Connect). Real
// daemon, real programs (clients/*/…connect-check); a language whose toolchain is missing is skipped.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARGO_CONFIG, CARGO_TARGET_DIR } from "./helpers/cargo.js";
import {
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  run,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

/** `build` (run with the real environment) makes the program; `exec` runs it with the test's HOME. */
type Lang = {
  name: string;
  toolchain: string;
  build?: { command: string[]; cwd: string };
  exec: string[];
  env: Record<string, string>;
};
const GO_ENV = { GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };
const BIN_DIR = mkdtempSync(join(tmpdir(), "zc-connect-bin-"));
const LANGS: Lang[] = [
  {
    name: "python",
    toolchain: "python3",
    exec: ["python3", join(REPO_ROOT, "clients/python/examples/connect_check.py")],
    env: { PYTHONPATH: join(REPO_ROOT, "clients", "python", "src"), PYTHONDONTWRITEBYTECODE: "1" },
  },
  {
    name: "go",
    toolchain: "go",
    build: {
      command: ["go", "build", "-o", join(BIN_DIR, "connect-check"), "./cmd/connect-check"],
      cwd: join(REPO_ROOT, "clients", "go"),
    },
    exec: [join(BIN_DIR, "connect-check")],
    env: GO_ENV,
  },
  {
    name: "rust",
    toolchain: "cargo",
    build: {
      command: [
        "cargo",
        "build",
        "--offline",
        "--config",
        CARGO_CONFIG,
        "--quiet",
        "--example",
        "connect_check",
        "--target-dir",
        CARGO_TARGET_DIR,
      ],
      cwd: join(REPO_ROOT, "clients", "rust"),
    },
    exec: [join(CARGO_TARGET_DIR, "debug", "examples", "connect_check")],
    env: {},
  },
];

const has = (tool: string) => {
  const r = spawnSync(tool, [tool === "go" ? "version" : "--version"], { stdio: "ignore" });
  return !r.error && r.status === 0;
};

const dirs = tempDirs("zc-connect-");
let home: string;
let daemon: DaemonProcess;

beforeAll(async () => {
  requireBuild();
  home = dirs.make();
  const socket = join(home, "d.sock");
  daemon = await startDaemon(
    childEnv(home, { ZEROCLAW_SOCKET: socket, ZEROCLAW_CONFIG_DIR: join(home, "cfg") }),
    socket,
  );
});
afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
  rmSync(BIN_DIR, { recursive: true, force: true });
});

describe("connecting through a ~ URL, and failing to", () => {
  for (const lang of LANGS) {
    it(`${lang.name}: unix:~/… reaches the daemon; a missing socket is named with what to check`, {
      timeout: 900_000,
    }, async (ctx) => {
      if (!has(lang.toolchain)) {
        ctx.skip(`${lang.name} skipped: toolchain \`${lang.toolchain}\` not found`);
        return;
      }
      if (lang.build) {
        const [b, ...bargs] = lang.build.command as [string, ...string[]];
        const built = await run(b, bargs, { ...process.env, ...lang.env }, { cwd: lang.build.cwd });
        expect(built.code, built.stderr).toBe(0);
      }
      const [command, ...args] = lang.exec as [string, ...string[]];
      const viaHome = (url: string) =>
        run(command, [...args, url], { ...process.env, ...lang.env, HOME: home }, { cwd: REPO_ROOT });

      const ok = await viaHome("unix:~/d.sock");
      expect(ok.stdout.trim(), ok.stderr).toBe("connected");
      expect(ok.code).toBe(0);

      const missing = await viaHome("unix:~/nope.sock");
      expect(missing.code, missing.stderr).toBe(3);
      expect(missing.stderr).toContain(`cannot connect to unix:${home}/nope.sock`);
      expect(missing.stderr).toContain("is the server running");
    });
  }
});
