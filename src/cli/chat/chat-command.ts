// zeroclaw chat [PROMPT | -p PROMPT] [--session ID] [--agent ALIAS] [--cwd DIR]: talk to an agent
// from the terminal. Each prompt entered is a turn (a paste is one prompt; Alt-Enter adds a newline);
// the reply streams as it arrives; approvals and ask_user questions are answered inline; Ctrl-C cancels
// the running turn and a second one quits. With a PROMPT it runs that one turn and exits. With stdout
// not a TTY the output is plain (the reply on stdout, the rest tagged on stderr); the exit code says
// whether every turn completed (0) or one failed (1).

import { Method } from "../../../generated/methods.js";
import type { ElicitationCreateParams, SessionPromptResult } from "../../../generated/types.js";
import { type DaemonClient, describeRpcError, openDaemon, rpcFailure } from "../daemon-client.js";
import { CliError, Exit } from "../exit-codes.js";
import { printHistory } from "./history.js";
import type { Input } from "./input.js";
import { LineInput } from "./line-input.js";
import { Questions } from "./questions.js";
import { type Update, UpdateRenderer } from "./render.js";
import { TerminalScreen } from "./screen.js";
import { styleFor } from "./style.js";
import { TerminalInput } from "./terminal-input.js";

export type ChatOptions = {
  session?: string;
  agent?: string;
  cwd?: string;
  configDir?: string;
  /** One-shot: run this prompt as the only turn, print the reply, exit. */
  prompt?: string;
};

const HELP = [
  "Enter sends · Alt-Enter (or Ctrl-J) starts a new line · a paste is sent as one prompt",
  "text typed while a turn runs waits in the input line; Enter sends it once the turn ends",
  "Ctrl-C cancels a running turn, clears a typed line, or (on an empty line) quits · Ctrl-D leaves",
  "↑/↓ earlier prompts · Ctrl-A/E line start/end · Ctrl-U/K/W delete · Ctrl-L clears the screen",
  "/history shows the session · /quit leaves",
].join("\n");

export async function chatCommand(opts: ChatOptions): Promise<number> {
  const tty = process.stdout.isTTY === true;
  const interactive = tty && process.stdin.isTTY === true;
  const oneShot = opts.prompt !== undefined;
  const style = styleFor(process.stdout);
  const screen = interactive ? new TerminalScreen() : undefined;
  const render = new UpdateRenderer(tty, style, true, screen ?? process.stdout);
  const daemon = await openDaemon(opts.configDir, { elicitation: true });
  const { client, connection } = daemon;
  let sessionId: string;
  let agent: string;
  let created: boolean;
  // A session this chat made and never prompted is deleted when the chat leaves, so quitting at once
  // leaves no empty, untitled session behind in `zeroclaw sessions` or the dashboard.
  let prompted = false;
  try {
    ({ sessionId, agent, created } = await openSession(daemon, opts));
  } catch (err) {
    connection.close();
    throw err;
  }

  let running: Promise<SessionPromptResult> | undefined;
  let cancelling = false;
  let interrupted = false;
  let quit: (code: number) => void = () => {};
  const quitting = new Promise<number>((resolve) => {
    quit = resolve;
  });

  const onInterrupt = (): void => {
    if (running && !cancelling) {
      cancelling = true;
      interrupted = true;
      render.note(style.yellow("(cancelling the turn — Ctrl-C again quits)"), "cancel");
      client.sessionCancel({ session_id: sessionId }).catch(() => undefined);
      return;
    }
    render.endLine();
    quit(Exit.interrupted);
  };
  const prompt = style.bold(style.blue("you › "));
  const input: Input = screen
    ? new TerminalInput({
        screen,
        onInterrupt,
        // A one-shot chat has no next prompt: keys typed during its turn would have nowhere to go.
        holdInput: !oneShot,
        heldPrompt: style.dim("you › "),
        heldHint: style.dim(
          "      (a turn is running: Enter sends this once it ends · Ctrl-C cancels the turn)",
        ),
        continuation: "      ",
      })
    : new LineInput(onInterrupt);
  const questions = new Questions(input, render, style);

  connection.setNotificationHandler(Method.sessionUpdate, (params) => {
    const u = params as Update;
    if (u.sessionId !== sessionId) return;
    if (u.type !== "approval_request") {
      questions.turnMovedOn();
      render.update(u);
      return;
    }
    const requestId = String(u.requestId);
    void questions.approval(String(u.toolName), u.rawInput).then((answer) => {
      if (answer === "settled") return;
      client
        .sessionApprove({
          session_id: sessionId,
          request_id: requestId,
          decision: answer === "no_answer" ? "reject" : answer,
        })
        // The turn may have ended (cancelled, timed out) before the answer: nothing left to approve.
        .catch(() => undefined);
    });
  });
  connection.setRequestHandler(Method.elicitationCreate, (params) => {
    const p = params as ElicitationCreateParams;
    return questions.elicitation(p.message, p.requestedSchema);
  });
  // A closed terminal (its tmux pane or window killed: SIGHUP) or a SIGTERM leaves as /quit does, so a
  // session this chat made and never prompted is deleted then too (SIGKILL cannot be caught). Nothing
  // more is drawn on a terminal that hung up: writing there fails.
  let hungUp = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (signal === "SIGHUP") {
      hungUp = true;
      for (const out of [process.stdout, process.stderr]) out.on("error", () => undefined);
    }
    quit(signal === "SIGHUP" ? 129 : 143);
  };
  process.once("SIGHUP", onSignal);
  process.once("SIGTERM", onSignal);
  let leaving = false;
  let lost = false;
  connection.closed.then(() => {
    if (leaving) return;
    lost = true;
    render.endLine();
    quit(Exit.noDaemon);
  });

  if (oneShot) {
    if (!tty) process.stderr.write(`[session] ${sessionId}\n`);
  } else if (interactive)
    render.note(style.dim(`session ${sessionId} · agent ${agent} · /help for keys · /quit leaves`));
  else process.stderr.write(`[session] ${sessionId}\n`);

  /** One turn; its outcome, or "error" when the daemon refused it (said on screen). */
  const turn = async (text: string): Promise<SessionPromptResult["outcome"] | "error"> => {
    prompted = true;
    running = client.sessionPrompt({ session_id: sessionId, prompt: text });
    try {
      return (await running).outcome;
    } catch (err) {
      render.note(style.red(describeRpcError(err)), "error");
      return "error";
    } finally {
      running = undefined;
      cancelling = false;
      questions.abandon();
    }
  };

  const loop = async (): Promise<number> => {
    let failed = false;
    for (;;) {
      const line = await input.next(prompt, "prompt");
      if (line === null) break;
      const command = line.trim();
      if (command === "") continue;
      if (command === "/quit" || command === "/exit") break;
      if (command === "/history") {
        await printHistory(client, sessionId, style, tty).catch((err: unknown) =>
          render.note(style.red(describeRpcError(err)), "error"),
        );
        continue;
      }
      if (command === "/help") {
        render.note(HELP);
        continue;
      }
      const outcome = await turn(line);
      if (outcome === "failed" || outcome === "error") failed = true;
    }
    return failed ? Exit.failed : Exit.ok;
  };

  const once = async (text: string): Promise<number> => {
    const outcome = await turn(text);
    if (outcome === "completed") return Exit.ok;
    return outcome === "cancelled" && interrupted ? Exit.interrupted : Exit.failed;
  };

  const code = await Promise.race([oneShot ? once(opts.prompt!) : loop(), quitting]);
  leaving = true;
  process.off("SIGHUP", onSignal);
  process.off("SIGTERM", onSignal);
  if (!hungUp) {
    render.endLine();
    input.close();
  } else {
    try {
      input.close(); // restoring a terminal that is gone may throw (EIO)
    } catch {}
  }
  if (created && !prompted && !lost)
    await client.sessionDelete({ session_id: sessionId }).catch(() => undefined);
  connection.close();
  if (lost) process.stderr.write("zeroclaw chat: the daemon closed the connection\n");
  return code;
}

/**
 * A new session; with --session NAME the session of that name, resumed when it exists and created
 * under that name when it does not (said on stderr, so a script sees which happened).
 */
async function openSession(
  daemon: DaemonClient,
  opts: ChatOptions,
): Promise<{ sessionId: string; agent: string; created: boolean }> {
  const { client } = daemon;
  if (opts.session !== undefined) {
    try {
      const { sessions } = await client.sessionList({});
      const found = sessions.find((s) => s.session_id === opts.session);
      if (found) {
        if (found.state === "killed")
          throw new CliError(
            `session ${opts.session} was killed and cannot be resumed: \`zeroclaw chat --session NEW_NAME\` starts another`,
            Exit.failed,
          );
        return { sessionId: found.session_id, agent: found.agent, created: false };
      }
      const created = await client.sessionNew({
        session_id: opts.session,
        ...(opts.agent !== undefined ? { agent: opts.agent } : {}),
        ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
      });
      process.stderr.write(`zeroclaw chat: no session ${created.session_id} yet: created it\n`);
      return { sessionId: created.session_id, agent: created.agent, created: true };
    } catch (err) {
      throw rpcFailure(err);
    }
  }
  try {
    const created = await client.sessionNew({
      ...(opts.agent !== undefined ? { agent: opts.agent } : {}),
      ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
    });
    return { sessionId: created.session_id, agent: created.agent, created: true };
  } catch (err) {
    throw rpcFailure(err);
  }
}
