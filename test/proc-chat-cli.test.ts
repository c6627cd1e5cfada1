// `zeroclaw chat` and `zeroclaw watch` as a person uses them: real child processes against a real
// daemon process, on a real pseudo-terminal (test/helpers/pty-relay.py) and through pipes. The echo
// agent for plain turns; the fake OpenAI-compatible server for thoughts, approvals, ask_user,
// cancellation and a failed turn.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import {
  BIN,
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  run,
  runCli,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";
import { hasPty, PtySession } from "./helpers/pty-session.js";

const dirs = tempDirs("zc-chat-");
let fake: FakeOpenAi;
let daemon: DaemonProcess;
let env: NodeJS.ProcessEnv;
const ptys: PtySession[] = [];

beforeAll(async () => {
  requireBuild();
  fake = await FakeOpenAi.start();
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(
    join(configDir, "config.toml"),
    `[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "sk-test-chat"
model = "m1"

[agents.coder]
provider = "fake"
allowed_tools = ["ask_user"]
`,
  );
  const socket = join(home, "zc.sock");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_SOCKET: socket });
  daemon = await startDaemon(env, socket);
});

afterAll(async () => {
  for (const p of ptys) p.kill();
  await daemon?.kill();
  await fake?.close();
  dirs.cleanup();
});

const chatPipe = (input: string, args: string[] = []) =>
  run(process.execPath, [BIN, "chat", ...args], env, { input });

function onPty(args: string[]): PtySession {
  const p = new PtySession([process.execPath, BIN, ...args], { ...env, TERM: "xterm-256color" }, REPO_ROOT);
  ptys.push(p);
  return p;
}

const bashCall = (id: string, command: string) => [
  ...step.toolCallSplit(0, id, "bash", JSON.stringify({ command }), 2),
  step.finish("tool_calls"),
];
const askCall = (id: string, question: string, choices: string[]) => [
  ...step.toolCallSplit(0, id, "ask_user", JSON.stringify({ question, choices }), 2),
  step.finish("tool_calls"),
];

describe("zeroclaw chat through a pipe (stdout not a TTY)", () => {
  it('echo "hi" | zeroclaw chat prints exactly the reply and exits 0', async () => {
    const r = await chatPipe("hi there\n");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("hi there\n");
    expect(r.stderr).toMatch(/^\[session\] s_/);
  });

  it("each line is one turn; the replies come in order", async () => {
    const r = await chatPipe("first line\nsecond line\n");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("first line\nsecond line\n");
  });

  it("a failed turn exits 1 and says why on stderr; stdout stays the replies only", async () => {
    fake.enqueue([step.httpError(401, "invalid api key")]);
    const r = await chatPipe("this will fail\n", ["--agent", "coder"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/\[failed\] provider fake: 401/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("--session resumes a session; an unknown one is one line and exit 1", async () => {
    const first = await chatPipe("remember me\n");
    const sid = /\[session\] (\S+)/.exec(first.stderr)?.[1];
    expect(sid).toBeDefined();
    const again = await chatPipe("second visit\n", ["--session", sid!]);
    expect(again.code, again.stderr).toBe(0);
    const list = await runCli(["call", "session/messages", JSON.stringify({ session_id: sid })], env);
    expect((JSON.parse(list.stdout) as { total: number }).total).toBe(4);
  });

  it("--session NAME creates the session when there is none (and says so), then resumes it", async () => {
    const first = await chatPipe("first turn\n", ["--session", "demo"]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe("first turn\n");
    expect(first.stderr).toContain("no session demo yet: created it");
    const second = await chatPipe("second turn\n", ["--session", "demo"]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain("created it");
    const page = await runCli(["call", "session/messages", JSON.stringify({ session_id: "demo" })], env);
    expect((JSON.parse(page.stdout) as { total: number }).total).toBe(4);
    // A name the daemon cannot take is its one-line refusal, exit 1.
    const bad = await chatPipe("x\n", ["--session", "../escape"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("quitting before the first prompt leaves no session behind", async () => {
    const ids = async () => {
      const r = await runCli(["call", "session/list"], env);
      return (JSON.parse(r.stdout) as { sessions: { session_id: string }[] }).sessions.map(
        (x) => x.session_id,
      );
    };
    const before = await ids();
    const quit = await chatPipe("/quit\n");
    expect(quit.code, quit.stderr).toBe(0);
    const sid = /\[session\] (\S+)/.exec(quit.stderr)?.[1];
    expect(sid).toBeDefined();
    const eof = await chatPipe("");
    expect(eof.code, eof.stderr).toBe(0);
    const named = await chatPipe("", ["--session", "left-at-once"]);
    expect(named.code, named.stderr).toBe(0);
    const after = await ids();
    expect(after).toEqual(before);
    // A session that was prompted stays.
    const kept = await chatPipe("keep me\n");
    const keptId = /\[session\] (\S+)/.exec(kept.stderr)?.[1];
    expect(await ids()).toContain(keptId);
  });

  it("watch of an unknown session gives chat's hint", async () => {
    const r = await runCli(["watch", "no-such-session"], env);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("zeroclaw sessions");
    expect(r.stderr).toContain("zeroclaw chat --session no-such-session");
  });

  it("no daemon: one line naming `zeroclaw daemon`, exit 3", async () => {
    const r = await run(
      process.execPath,
      [BIN, "chat"],
      { ...env, ZEROCLAW_SOCKET: join(REPO_ROOT, "nope.sock") },
      { input: "hi\n" },
    );
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("start one with `zeroclaw daemon`");
  });
});

describe.skipIf(!hasPty())("zeroclaw chat on a terminal", () => {
  it("streams the echo reply, shows /history, leaves with /quit (exit 0)", async () => {
    const p = onPty(["chat"]);
    let at = await p.waitFor("/quit leaves");
    at = await p.waitFor("you › ", at);
    p.type("hello from a terminal\r");
    at = await p.waitFor("\nhello from a terminal\n", at);
    p.type("/history\r");
    at = await p.waitFor("you › hello from a terminal\nhello from a terminal\n", at);
    p.type("/quit\r");
    expect(await p.exited).toBe(0);
    // Colours on a terminal: the prompt is styled.
    expect(p.raw).toContain("\x1b[");
  });

  it("NO_COLOR on a terminal: the same chat without colour codes", async () => {
    const p = new PtySession(
      [process.execPath, BIN, "chat"],
      { ...env, TERM: "xterm-256color", NO_COLOR: "1" },
      REPO_ROOT,
    );
    ptys.push(p);
    let at = await p.waitFor("you › ");
    p.type("plain please\r");
    at = await p.waitFor("\nplain please\n", at);
    p.type("/quit\r");
    expect(await p.exited).toBe(0);
    expect(p.raw).not.toMatch(/\x1b\[[0-9;]*m/); // no SGR (colour/style) sequences
  });

  it("asks approvals inline (n rejects, a allows always), answers ask_user with a choice, shows thoughts", async () => {
    fake.enqueue([step.reasoning("let me think"), ...bashCall("call_1", "echo first")]);
    fake.enqueue(bashCall("call_2", "echo from-the-tool"));
    fake.enqueue(bashCall("call_3", "echo no-question-now"));
    fake.enqueue(askCall("call_4", "Which colour?", ["red", "blue"]));
    fake.enqueue(textReply("All done."));
    const p = onPty(["chat", "--agent", "coder"]);
    let at = await p.waitFor("you › ");
    p.type("run the tools\r");
    at = await p.waitFor("let me think", at);
    at = await p.waitFor("approve bash $ echo first?", at);
    at = await p.waitFor("[y] once  [a] always  [n] reject › ", at);
    p.type("n\r");
    at = await p.waitFor("↳ bash: denied (denied by the user)", at);
    at = await p.waitFor("approve bash $ echo from-the-tool?", at);
    at = await p.waitFor("[n] reject › ", at);
    p.type("a\r");
    at = await p.waitFor("↳ bash: exit 0 · 1 line: from-the-tool", at);
    at = await p.waitFor("↳ bash: exit 0 · 1 line: no-question-now", at);
    at = await p.waitFor("? Which colour?", at);
    at = await p.waitFor("2) blue", at);
    at = await p.waitFor("answer [1-2] › ", at);
    p.type("2\r");
    at = await p.waitFor('↳ ask_user: answered "blue"', at);
    at = await p.waitFor("All done.", at);
    expect(p.text.slice(0, at)).not.toContain("approve bash $ echo no-question-now");
    const toolMessage = fake.requests
      .flatMap((r) => r.body?.messages ?? [])
      .find((m) => m.role === "tool" && m.tool_call_id === "call_4");
    expect(String(toolMessage?.content)).toContain('"blue"');
    at = await p.waitFor("you › ", at);
    p.type("/quit\r");
    expect(await p.exited).toBe(0);
  });

  it("Ctrl-C cancels the running turn; a second Ctrl-C quits (exit 130)", async () => {
    fake.enqueue([step.text("Working on it"), step.delay(60_000), step.text(" never"), step.finish("stop")]);
    const p = onPty(["chat", "--agent", "coder"]);
    let at = await p.waitFor("you › ");
    p.type("a long one\r");
    at = await p.waitFor("Working on it", at);
    p.type("\x03");
    at = await p.waitFor("(turn cancelled)", at);
    at = await p.waitFor("you › ", at);
    p.type("\x03");
    expect(await p.exited).toBe(130);
  });
});

describe("zeroclaw watch on a second connection", () => {
  it("shows a session's stream that another client runs (pipe), and stops on SIGINT with exit 0", async () => {
    const created = await runCli(["call", "session/new", '{"session_id":"watched-pipe"}'], env);
    expect(created.code, created.stderr).toBe(0);
    const watch: ChildProcess = spawn(process.execPath, [BIN, "watch", "watched-pipe"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    watch.stdout!.setEncoding("utf8").on("data", (t: string) => {
      out += t;
    });
    watch.stderr!.setEncoding("utf8").on("data", (t: string) => {
      err += t;
    });
    const exited = new Promise<number | null>((r) => watch.once("close", (code) => r(code)));
    const until = async (cond: () => boolean, what: string): Promise<void> => {
      const deadline = Date.now() + 15_000;
      while (!cond()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    await until(() => err.includes("[watching] watched-pipe"), "the subscription");
    const chat = await chatPipe("hello watcher\n", ["--session", "watched-pipe"]);
    expect(chat.code, chat.stderr).toBe(0);
    await until(() => out.includes("hello watcher\n"), "the watched reply");
    // The prompt is not in any update: the watcher shows it from the transcript, before the reply.
    expect(err).toContain("[you] hello watcher\n");
    await until(() => err.includes("[turn] ── turn t_1 completed ──"), "the turn end");
    watch.kill("SIGINT");
    expect(await exited).toBe(0);
  });

  it.skipIf(!hasPty())(
    "a prompt sent the moment watch starts is shown as news, not taken for history",
    async () => {
      // The chat runs already (stdin open), so its prompt goes out as soon as the watcher says it watches:
      // a watcher that counted the transcript after subscribing took that prompt for history.
      const chat = spawn(process.execPath, [BIN, "chat", "--session", "watched-race"], {
        env,
        stdio: ["pipe", "pipe", "pipe"],
      });
      let chatErr = "";
      chat.stderr.setEncoding("utf8").on("data", (t: string) => {
        chatErr += t;
      });
      const chatExit = new Promise<number | null>((r) => chat.once("close", (code) => r(code)));
      const deadline = Date.now() + 15_000;
      while (!chatErr.includes("created it")) {
        if (Date.now() > deadline) throw new Error(`the chat made no session: ${chatErr}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      const w = onPty(["watch", "watched-race"]);
      const at = await w.waitFor("watching watched-race");
      chat.stdin.end("sent right away\n");
      await w.waitFor("you › sent right away", at);
      expect(await chatExit, chatErr).toBe(0);
      w.type("\x03");
      expect(await w.exited).toBe(0);
    },
  );

  it.skipIf(!hasPty())("on a terminal it answers the approval of a turn that a piped chat runs", async () => {
    const created = await runCli(
      ["call", "session/new", '{"session_id":"watched-pty","agent":"coder"}'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const w = onPty(["watch", "watched-pty"]);
    let at = await w.waitFor("watching watched-pty");
    fake.enqueue(bashCall("call_w", "echo approved-from-watch"));
    fake.enqueue(textReply("Watched and done."));
    // The chat keeps stdin open: it would take its next line as the answer, but the watcher answers first.
    const chat = spawn(process.execPath, [BIN, "chat", "--session", "watched-pty"], {
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let chatOut = "";
    let chatErr = "";
    chat.stdout.setEncoding("utf8").on("data", (t: string) => {
      chatOut += t;
    });
    chat.stderr.setEncoding("utf8").on("data", (t: string) => {
      chatErr += t;
    });
    const chatExit = new Promise<number | null>((r) => chat.once("close", (code) => r(code)));
    chat.stdin.write("run it for the watcher\n");
    at = await w.waitFor("you › run it for the watcher", at);
    at = await w.waitFor("approve bash $ echo approved-from-watch?", at);
    at = await w.waitFor("[n] reject › ", at);
    w.type("y\r");
    at = await w.waitFor("↳ bash: exit 0 · 1 line: approved-from-watch", at);
    at = await w.waitFor("Watched and done.", at);
    at = await w.waitFor("── turn t_1 completed ──", at);
    chat.stdin.end();
    expect(await chatExit).toBe(0);
    expect(chatOut).toBe("Watched and done.\n");
    // The chat saw its own approval question answered elsewhere and dropped it (no line consumed).
    expect(chatErr).toContain("[approval] (approval decided by another client)");
    w.type("\x03");
    expect(await w.exited).toBe(0);
  });
});
