// Every shell command the README shows (its ```sh blocks) is run here, verbatim, by bash, against a
// real daemon on the README's default paths (a temp $HOME), with `zeroclaw` on PATH as `npm run install-cli`
// would put it — or, where a test cannot run it (installing this very package, packing the suite),
// names what runs it instead. The first test fails when the README gains a command this file does not
// know (or loses one it does), so a new command cannot be documented without being run.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  run,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

/** The README's shell commands: ```sh blocks, `\`-continued lines joined, trailing comments dropped. */
function readmeCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const block of markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    let pending = "";
    for (const raw of block[1]!.split("\n")) {
      const line = pending ? `${pending} ${raw.trim()}` : raw;
      if (line.trimEnd().endsWith("\\")) {
        pending = line.trimEnd().slice(0, -1).trimEnd();
        continue;
      }
      pending = "";
      const command = withoutComment(line).trim();
      if (command !== "") commands.push(command);
    }
  }
  return commands;
}

/** The line up to an unquoted `#` that starts a word (a shell comment). */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i);
  }
  return line;
}

type Ctx = { env: NodeJS.ProcessEnv; home: string; outputs: Map<string, string> };
type Result = { code: number | null; stdout: string; stderr: string };
type Entry =
  | { check(r: Result, ctx: Ctx): void | Promise<void>; input?: string }
  /** Not run here: what runs it, and why not here. */
  | { elsewhere: string };

const ok = (r: Result): void => expect(r.code, r.stderr).toBe(0);

/** Keyed by the command exactly as the README shows it (comments dropped). */
const COMMANDS: Record<string, Entry> = {
  "npm ci && npm run daemon": {
    elsewhere:
      "CI installs with `npm ci` (.ci/run); `npm run daemon` is `npm run build` plus `node bin/zeroclaw.js daemon`, which every proc-*.test.ts starts (a test must not rebuild dist/ under the others)",
  },
  "npm ci && npm test": { elsewhere: "CI runs exactly this (.ci/run)" },
  "socat READLINE UNIX-CONNECT:~/.zeroclaw/data/daemon.sock": {
    input: '{"jsonrpc":"2.0","method":"initialize","params":{"protocolVersion":1},"id":1}\n',
    // The README says why this form fails on Debian (no readline in socat) and that a shell leaves the
    // `~` of UNIX-CONNECT:~/… unexpanded: one or the other is what a user of this machine sees.
    check(r) {
      if (r.code === 0) expect(r.stdout).toContain('"protocolVersion":1');
      else expect(r.stderr).toMatch(/unknown device\/address "READLINE"|No such file|~\/\.zeroclaw/);
    },
  },
  "socat - UNIX-CONNECT:$HOME/.zeroclaw/data/daemon.sock": {
    input:
      '{"jsonrpc":"2.0","method":"initialize","params":{"protocolVersion":1},"id":1}\n{"jsonrpc":"2.0","method":"status","params":{},"id":2}\n',
    check(r) {
      ok(r);
      const lines = r.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { id: number; result?: unknown });
      expect(lines.map((l) => l.id)).toEqual([1, 2]);
      expect(lines[1]?.result).toMatchObject({ protocol_version: 1 });
    },
  },
  "npm run install-cli": {
    // Verbatim, with npm's global prefix pointed at a temp dir (npm_config_prefix), so the test leaves
    // the machine's global bin alone: the command the link puts there runs.
    async check(r, ctx) {
      ok(r);
      const linked = join(ctx.home, "npm-global", "bin", "zeroclaw");
      expect(existsSync(linked)).toBe(true);
      const v = await run(linked, ["--version"], ctx.env);
      ok(v);
      expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    },
  },
  "zeroclaw chat": {
    input: "hello from the readme\n/quit\n",
    check(r) {
      ok(r);
      expect(r.stdout).toBe("hello from the readme\n");
    },
  },
  'zeroclaw chat "hello"': {
    check(r) {
      ok(r);
      expect(r.stdout).toBe("hello\n");
    },
  },
  "zeroclaw methods": {
    check(r) {
      ok(r);
      expect(r.stdout).toMatch(/^ {2}session\/prompt +/m);
    },
  },
  "zeroclaw call stauts": {
    check(r) {
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("did you mean status?");
    },
  },
  "zeroclaw call status": {
    check(r) {
      ok(r);
      expect(JSON.parse(r.stdout)).toMatchObject({ protocol_version: 1 });
    },
  },
  'echo "hi" | zeroclaw chat': {
    check(r) {
      ok(r);
      expect(r.stdout).toBe("hi\n");
    },
  },
  'zeroclaw call config/set \'{"prop":"compat.zeroclaw_version","value":"0.9.0"}\'': {
    check(r) {
      ok(r);
      expect(JSON.parse(r.stdout)).toEqual({ prop: "compat.zeroclaw_version", set: true });
    },
  },
  'zeroclaw chat "hi"': {
    check(r) {
      ok(r);
      expect(r.stdout).toBe("hi\n");
    },
  },
  "zeroclaw config set-many providers.local.kind=openai providers.local.base_url=http://127.0.0.1:11434/v1 providers.local.model=llama3.1 agents.coder.provider=local":
    {
      check(r) {
        ok(r);
        expect(r.stdout).toContain('agents.coder.provider = "local"');
      },
    },
  "zeroclaw chat --agent coder": {
    input: "hi\n",
    // Talks to an Ollama at 127.0.0.1:11434: with one there it answers, without it the turn fails
    // in one line naming the provider — either way the README's setup is what ran.
    check(r) {
      if (r.code === 0) expect(r.stdout).not.toBe("");
      else {
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/\[failed\] provider local/);
      }
    },
  },
  'zeroclaw config set agents.default.system_prompt "Be brief"': {
    check(r) {
      ok(r);
      expect(r.stdout).toBe('agents.default.system_prompt = "Be brief"\n');
    },
  },
  "zeroclaw config get agents.default.system_prompt": {
    check(r) {
      ok(r);
      expect(r.stdout).toBe("Be brief\n");
    },
  },
  "zeroclaw config get sessions": {
    check(r) {
      ok(r);
      expect(JSON.parse(r.stdout)).toMatchObject({ max_live: 64 });
    },
  },
  "zeroclaw config set sessions.max_live 8": {
    check(r) {
      ok(r);
      expect(r.stdout).toBe("sessions.max_live = 8\n");
    },
  },
  "zeroclaw profile add operator --grant sessions:* --grant system:read --agent default --tool ask_user": {
    check(r) {
      ok(r);
      expect(r.stdout).toContain("profile operator");
    },
  },
  "zeroclaw user add example --profile operator --uid 1001": { check: ok },
  "zeroclaw user add phone --profile operator": { check: ok },
  'zeroclaw pair --user phone --label "my phone"': {
    check(r, ctx) {
      ok(r);
      const { token_id, token } = JSON.parse(r.stdout) as { token_id: string; token: string };
      expect(token).toMatch(/^zc_/);
      ctx.outputs.set("token_id", token_id);
    },
  },
  "zeroclaw dashboard": {
    check(r) {
      ok(r);
      expect(r.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#login=zcl_\S+\n$/);
    },
  },
  "zeroclaw dashboard --open": {
    async check(r, ctx) {
      ok(r);
      const opened = join(ctx.home, "opened-url");
      await expect
        .poll(() => (existsSync(opened) ? readFileSync(opened, "utf8").trim() : ""), { timeout: 10_000 })
        .toBe(r.stdout.trim());
    },
  },
  "(cd conformance && npm pack --pack-destination /tmp)": {
    elsewhere: "npm test's conformance step: scripts/packed-conformance.mjs packs the suite exactly so",
  },
  "npm install /tmp/zeroclaw-conformance-*.tgz": {
    elsewhere:
      "npm test's conformance step: scripts/packed-conformance.mjs installs the tarball in an empty dir",
  },
  'npx zeroclaw-conformance --spawn "/path/to/your-daemon --flags"': {
    elsewhere:
      "npm test's conformance step: scripts/certify.mjs runs the installed bin with --spawn against this daemon and examples/minimal-daemon",
  },
  "npx zeroclaw-conformance --socket /path/to/running.sock": {
    elsewhere: "test/conformance-socket-repeat.test.ts (--socket against a running daemon, twice)",
  },
  'npx zeroclaw-conformance --spawn "…" --area endpoint,framing,envelope,handshake --report junit=out.xml': {
    elsewhere: "test/conformance-areas.test.ts (--area, --report junit=) and test/conformance-cli.test.ts",
  },
};

const README = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const dirs = tempDirs("zc-readme-");
let daemon: DaemonProcess;
let ctx: Ctx;

beforeAll(async () => {
  requireBuild();
  const home = dirs.make();
  // `zeroclaw` on PATH, as `npm run install-cli` would put it.
  const bin = join(home, "bin");
  mkdirSync(bin);
  writeFileSync(
    join(bin, "zeroclaw"),
    `#!/bin/sh\nexec "${process.execPath}" "${join(REPO_ROOT, "bin", "zeroclaw.js")}" "$@"\n`,
  );
  chmodSync(join(bin, "zeroclaw"), 0o755);
  // --open's browser: records the link instead of opening a window.
  const browser = join(home, "browser");
  // The browser gets file:// of a page that forwards to the link (SPEC §19); it records where the page
  // leads, or "argv:" and the argument if it was given anything else.
  writeFileSync(
    browser,
    `#!/bin/sh\ncase "$1" in\n  file://*) sed -n 's/.*content="0;url=\\([^"]*\\)".*/\\1/p' "\${1#file://}" > "${join(home, "opened-url")}.part" ;;\n  *) printf 'argv:%s' "$1" > "${join(home, "opened-url")}.part" ;;\nesac\nmv "${join(home, "opened-url")}.part" "${join(home, "opened-url")}"\n`,
  );
  chmodSync(browser, 0o755);
  const env = childEnv(home, {
    PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    BROWSER: browser,
    npm_config_prefix: join(home, "npm-global"),
  });
  // The README's defaults: ~/.zeroclaw, its data dir and socket; the gateway on a free port.
  daemon = await startDaemon(env, join(home, ".zeroclaw", "data", "daemon.sock"), ["--gateway=127.0.0.1:0"]);
  ctx = { env, home, outputs: new Map() };
});

afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

describe("the README's commands", () => {
  it("every command in the README is known here, and nothing here is missing from the README", () => {
    const inReadme = readmeCommands(README);
    expect(inReadme.length).toBeGreaterThan(20);
    expect(inReadme.filter((c) => !Object.hasOwn(COMMANDS, c))).toEqual([]);
    expect(Object.keys(COMMANDS).filter((c) => !inReadme.includes(c))).toEqual([]);
  });

  it("runs each one, in the README's order, against a daemon on the default paths", async () => {
    const ran: string[] = [];
    for (const command of readmeCommands(README)) {
      const entry = COMMANDS[command];
      if (!entry || "elsewhere" in entry) continue;
      const r = await run("bash", ["-c", command], ctx.env, { cwd: REPO_ROOT, input: entry.input ?? "" });
      try {
        await entry.check(r, ctx);
      } catch (err) {
        throw new Error(`README command failed its check: ${command}\n${(err as Error).message}`);
      }
      ran.push(command);
    }
    console.log(
      `README: ran ${ran.length} commands; ${Object.values(COMMANDS).filter((e) => "elsewhere" in e).length} run elsewhere`,
    );
    // The prose's `zeroclaw unpair TOKEN_ID`, with the token the README's pair printed.
    const unpair = await run("bash", ["-c", `zeroclaw unpair ${ctx.outputs.get("token_id")}`], ctx.env);
    ok(unpair);
    expect(JSON.parse(unpair.stdout)).toMatchObject({ revoked: true });
  });
});
