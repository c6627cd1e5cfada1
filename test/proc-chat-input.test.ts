// `zeroclaw chat` and `watch` input as a person meets it, in a real terminal (tmux renders the screen;
// assertions read it as shown): a pasted paragraph is one prompt with its newlines, Alt-Enter adds a
// line, text typed during a turn waits in the input line (never inside the reply) and goes only with
// an Enter after the turn, Ctrl-C at an empty prompt leaves the shell prompt on a fresh line, a watcher
// joining midway sees the turn from its prompt and a cancel as one line. The one-shot form
// (`zeroclaw chat "PROMPT"`, -p) runs through pipes and a pseudo-terminal. Real daemon process; the
// echo agent and the fake OpenAI-compatible server.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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
import { hasTmux, TmuxSession } from "./helpers/tmux.js";

const dirs = tempDirs("zc-input-");
let fake: FakeOpenAi;
let daemon: DaemonProcess;
let env: NodeJS.ProcessEnv;
const screens: TmuxSession[] = [];

beforeAll(async () => {
  requireBuild();
  fake = await FakeOpenAi.start();
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(
    join(configDir, "config.toml"),
    `[providers.fake]\nkind = "openai"\nbase_url = "${fake.baseUrl}"\nmodel = "m1"\n\n[agents.coder]\nprovider = "fake"\nallowed_tools = ["ask_user"]\n`,
  );
  const socket = join(home, "zc.sock");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_SOCKET: socket });
  daemon = await startDaemon(env, socket);
});
const ARTIFACTS = join(REPO_ROOT, "test-artifacts", "tmux");
/** A screen worth keeping for a person to look at (test-artifacts is gitignored). */
function snapshot(name: string, screen: string): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, `${name}.txt`), `${screen}\n`);
}
afterEach(({ task }) => {
  // The last screen of every terminal the test used, as a person saw it (test-artifacts is gitignored).
  mkdirSync(ARTIFACTS, { recursive: true });
  const name = task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60);
  screens.forEach((s, i) => {
    writeFileSync(join(ARTIFACTS, `${name}-${i + 1}.txt`), `${s.transcript()}\n`);
  });
  for (const s of screens.splice(0)) s.kill();
});
afterAll(async () => {
  await daemon?.kill();
  await fake?.close();
  dirs.cleanup();
});

const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** `zeroclaw ARGS` in a terminal, followed by a line with its exit status, as a shell would show. */
function terminal(args: string[], cols = 100): TmuxSession {
  const command = `${[process.execPath, BIN, ...args].map(quote).join(" ")}; echo "[exit $?]"`;
  const s = new TmuxSession(`cd ${quote(REPO_ROOT)} && ${command}`, { ...env, TERM: "xterm-256color" }, cols);
  screens.push(s);
  return s;
}

type Message = { role: string; kind: string; content: string };
async function transcript(sessionId: string): Promise<Message[]> {
  const r = await runCli(["call", "session/messages", JSON.stringify({ session_id: sessionId })], env);
  return (JSON.parse(r.stdout) as { messages: Message[] }).messages;
}
const sessionOf = (screen: string): string => /session (\S+) ·/.exec(screen)?.[1] ?? "";
const userPrompts = (m: Message[]) => m.filter((x) => x.role === "user").map((x) => x.content);

describe.skipIf(!hasTmux())("zeroclaw chat in a terminal (tmux)", () => {
  it("a pasted paragraph is one prompt, newlines kept; Alt-Enter adds a line by hand", async () => {
    const t = terminal(["chat"]);
    const sid = sessionOf(await t.waitFor(/^you ›$/m));
    t.paste("first line of the paste\nsecond line\nthird line");
    snapshot("pasted-paragraph-before-enter", await t.waitFor("      third line"));
    t.keys("Enter");
    // The echo agent answers with the prompt: all three lines, in one turn.
    await t.waitFor(/^third line\nyou ›$/m);
    t.type("by hand");
    t.keys(["M-Enter"]);
    t.type("second row");
    await t.waitFor("      second row");
    t.keys("Enter");
    await t.waitFor(/^second row\nyou ›$/m);
    expect(userPrompts(await transcript(sid))).toEqual([
      "first line of the paste\nsecond line\nthird line",
      "by hand\nsecond row",
    ]);
    const screen = t.capture();
    expect(screen).toContain("you › first line of the paste\n      second line\n      third line\n");
    expect(screen).not.toMatch(/third linefirst/);
    t.type("/quit");
    t.keys("Enter");
    await t.waitFor("[exit 0]");
  });

  it("a terminal closed before the first prompt (tmux killed: SIGHUP) leaves no session behind", async () => {
    const listed = async (): Promise<string[]> => {
      const r = await runCli(["call", "session/list"], env);
      return (JSON.parse(r.stdout) as { sessions: { session_id: string }[] }).sessions.map(
        (x) => x.session_id,
      );
    };
    const t = terminal(["chat"]);
    const sid = sessionOf(await t.waitFor(/^you ›$/m));
    expect(await listed()).toContain(sid);
    screens.splice(screens.indexOf(t), 1); // no screen left to keep
    t.kill();
    const deadline = Date.now() + 15_000;
    while ((await listed()).includes(sid)) {
      if (Date.now() > deadline) throw new Error(`session ${sid} is still listed after its terminal closed`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it("what is typed during a turn waits in the input line, editable, and goes only with an Enter after it", async () => {
    fake.enqueue([step.text("Working on it,"), step.delay(1500), step.text(" done."), step.finish("stop")]);
    fake.enqueue(textReply("Second answer."));
    const t = terminal(["chat", "--agent", "coder"]);
    const sid = sessionOf(await t.waitFor(/^you ›$/m));
    t.type("first question");
    t.keys("Enter");
    await t.waitFor("Working on it,");
    t.type("follow-up typo");
    await t.waitFor("you › follow-up typo");
    t.keys(["BSpace", "BSpace", "BSpace", "BSpace"]);
    t.type("text");
    t.keys("Enter"); // too early: says so, sends nothing
    snapshot("held-input-while-the-reply-streams", await t.waitFor("Enter sends this once it ends"));
    const during = await t.waitFor("Working on it, done.");
    // The reply's line holds the reply only; the held text is on its own line under it.
    expect(during).toMatch(/^Working on it, done\.$/m);
    expect(during).not.toMatch(/follow-up.*done|done.*follow-up/);
    await t.waitFor(/^you › follow-up text$/m);
    const requestsBefore = fake.requests.length;
    expect(userPrompts(await transcript(sid))).toEqual(["first question"]);
    t.keys("Enter");
    await t.waitFor("Second answer.");
    expect(fake.requests.length).toBe(requestsBefore + 1);
    expect(userPrompts(await transcript(sid))).toEqual(["first question", "follow-up text"]);
    t.keys("C-c");
    await t.waitFor("[exit 130]");
  });

  it("Ctrl-C at an empty prompt quits and leaves the shell on a fresh line; with text typed it clears the line", async () => {
    const t = terminal(["chat"]);
    await t.waitFor(/^you ›$/m);
    t.type("never mind");
    await t.waitFor("you › never mind");
    t.keys("C-c");
    await t.waitFor(/^you ›$/m);
    expect(t.capture()).not.toContain("never mind");
    t.keys("C-c");
    const screen = await t.waitFor("[exit 130]");
    expect(screen).toMatch(/^you ›\n\[exit 130\]$/m);
  });

  it("watch joins a running turn from its prompt; a cancel is one line", async () => {
    await runCli(["call", "session/new", '{"session_id":"tmux-watched","agent":"coder"}'], env);
    fake.enqueue([step.text("1, 2, 3, "), step.delay(60_000), step.text("never"), step.finish("stop")]);
    const chat = terminal(["chat", "--session", "tmux-watched"]);
    await chat.waitFor(/^you ›$/m);
    chat.type("count for the watcher");
    chat.keys("Enter");
    await chat.waitFor("1, 2, 3,");
    const watch = terminal(["watch", "tmux-watched"]);
    const joined = await watch.waitFor("1, 2, 3,");
    expect(joined).toMatch(/watching tmux-watched · Ctrl-C stops\nyou › count for the watcher\n1, 2, 3,/);
    chat.keys("C-c");
    await chat.waitFor("(turn cancelled)");
    const end = await watch.waitFor("── turn t_1 cancelled ──");
    expect(end).not.toContain("(turn cancelled)");
    expect(end.split("\n").filter((l) => /cancel/.test(l))).toEqual(["── turn t_1 cancelled ──"]);
    watch.keys("C-c");
    await watch.waitFor("[exit 0]");
    chat.keys("C-c");
    await chat.waitFor("[exit 130]");
  });
});

describe("zeroclaw chat PROMPT (one shot)", () => {
  const chat = (args: string[], input = "") => run(process.execPath, [BIN, "chat", ...args], env, { input });

  it('prints the reply and exits 0: zeroclaw chat "hi", and -p', async () => {
    const r = await chat(["hi"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("hi\n");
    const p = await chat(["-p", "hello there"]);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stdout).toBe("hello there\n");
    // Both at once, or an empty prompt, is a usage error.
    expect((await chat(["-p", "a", "b"])).code).toBe(2);
    expect((await chat([""])).code).toBe(2);
  });

  it("exits 1 when the turn fails, with why on stderr", async () => {
    fake.enqueue([step.httpError(401, "invalid api key")]);
    const r = await chat(["--agent", "coder", "this fails"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/\[failed\] provider fake: 401/);
  });

  it("approvals and ask_user read stdin lines, as without a terminal; none left means rejected", async () => {
    const bash = (id: string, command: string) => [
      ...step.toolCallSplit(0, id, "bash", JSON.stringify({ command }), 2),
      step.finish("tool_calls"),
    ];
    fake.enqueue(bash("c1", "echo approved-by-stdin"));
    fake.enqueue(textReply("Ran it."));
    const yes = await chat(["--agent", "coder", "run it"], "y\n");
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stdout).toBe("Ran it.\n");
    expect(yes.stderr).toContain("[result]   ↳ bash: exit 0 · 1 line: approved-by-stdin");

    fake.enqueue(bash("c2", "echo nobody-answers"));
    fake.enqueue(textReply("Not allowed, then."));
    const none = await chat(["--agent", "coder", "run it"], "");
    expect(none.code, none.stderr).toBe(0);
    expect(none.stderr).toMatch(/↳ bash: denied/);

    fake.enqueue([
      ...step.toolCallSplit(
        0,
        "q1",
        "ask_user",
        JSON.stringify({ question: "Which?", choices: ["red", "blue"] }),
        2,
      ),
      step.finish("tool_calls"),
    ]);
    fake.enqueue(textReply("Blue."));
    const answered = await chat(["--agent", "coder", "ask me"], "2\n");
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stdout).toBe("Blue.\n");
    expect(answered.stderr).toContain('↳ ask_user: answered "blue"');
  });

  it.skipIf(!hasPty())("on a terminal: the reply, nothing else to type, exit 0", async () => {
    const p = new PtySession(
      [process.execPath, BIN, "chat", "one shot on a tty"],
      { ...env, TERM: "xterm-256color" },
      REPO_ROOT,
    );
    try {
      await p.waitFor("one shot on a tty");
      expect(await p.exited).toBe(0);
      expect(p.text).not.toContain("you ›");
      // The terminal is left as it was: bracketed paste switched on, then off again.
      expect(p.raw.lastIndexOf("\x1b[?2004l")).toBeGreaterThan(p.raw.lastIndexOf("\x1b[?2004h"));
    } finally {
      p.kill();
    }
  });
});
