// zeroclaw chat [--session ID] [--agent ALIAS] [--cwd DIR]: talk to an agent from the terminal.
// Each input line is a prompt; the reply streams as it arrives; approvals and ask_user questions
// are answered inline with the next line; Ctrl-C cancels the running turn and a second one quits.
// With stdout not a TTY the output is plain (the reply on stdout, the rest tagged on stderr) and the
// exit code says whether every turn completed (0) or one failed (1).

import { Method } from "../../../generated/methods.js";
import type { ElicitationCreateParams, SessionPromptResult } from "../../../generated/types.js";
import { type DaemonClient, describeRpcError, openDaemon, rpcFailure } from "../daemon-client.js";
import { CliError, Exit } from "../exit-codes.js";
import { printHistory } from "./history.js";
import { LineInput } from "./line-input.js";
import { Questions } from "./questions.js";
import { type Update, UpdateRenderer } from "./render.js";
import { styleFor } from "./style.js";

export type ChatOptions = { session?: string; agent?: string; cwd?: string; configDir?: string };

export async function chatCommand(opts: ChatOptions): Promise<number> {
  const tty = process.stdout.isTTY === true;
  const interactive = tty && process.stdin.isTTY === true;
  const style = styleFor(process.stdout);
  const render = new UpdateRenderer(tty, style, true);
  const daemon = await openDaemon(opts.configDir, { elicitation: true });
  const { client, connection } = daemon;
  let sessionId: string;
  let agent: string;
  try {
    ({ sessionId, agent } = await openSession(daemon, opts));
  } catch (err) {
    connection.close();
    throw err;
  }

  let running: Promise<SessionPromptResult> | undefined;
  let cancelling = false;
  let quit: (code: number) => void = () => {};
  const quitting = new Promise<number>((resolve) => {
    quit = resolve;
  });

  const onInterrupt = (): void => {
    if (running && !cancelling) {
      cancelling = true;
      render.note(style.yellow("(cancelling the turn — Ctrl-C again quits)"), "cancel");
      client.sessionCancel({ session_id: sessionId }).catch(() => undefined);
      return;
    }
    render.endLine();
    quit(Exit.interrupted);
  };
  const input = new LineInput(interactive, onInterrupt);
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
  let leaving = false;
  connection.closed.then(() => {
    if (leaving) return;
    render.endLine();
    process.stderr.write("zeroclaw chat: the daemon closed the connection\n");
    quit(Exit.noDaemon);
  });

  if (interactive)
    render.note(
      style.dim(
        `session ${sessionId} · agent ${agent} · /history shows it · /quit leaves · Ctrl-C cancels a turn`,
      ),
    );
  else process.stderr.write(`[session] ${sessionId}\n`);

  const prompt = style.bold(style.blue("you › "));
  const loop = async (): Promise<number> => {
    let failed = false;
    for (;;) {
      const line = await input.next(prompt);
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
        render.note("type a message; /history shows the session, /quit leaves, Ctrl-C cancels a turn");
        continue;
      }
      running = client.sessionPrompt({ session_id: sessionId, prompt: line });
      try {
        const result = await running;
        if (result.outcome === "failed") failed = true;
      } catch (err) {
        failed = true;
        render.note(style.red(describeRpcError(err)), "error");
      } finally {
        running = undefined;
        cancelling = false;
        questions.abandon();
      }
    }
    return failed ? Exit.failed : Exit.ok;
  };

  const code = await Promise.race([loop(), quitting]);
  leaving = true;
  render.endLine();
  input.close();
  connection.close();
  return code;
}

/** A new session, or (with --session) an existing one resumed: its first page proves it is there. */
async function openSession(
  daemon: DaemonClient,
  opts: ChatOptions,
): Promise<{ sessionId: string; agent: string }> {
  const { client } = daemon;
  if (opts.session !== undefined) {
    try {
      const { sessions } = await client.sessionList({});
      const found = sessions.find((s) => s.session_id === opts.session);
      if (!found)
        throw new CliError(`no session ${opts.session}: \`zeroclaw sessions\` lists yours`, Exit.failed);
      if (found.state === "killed")
        throw new CliError(`session ${opts.session} was killed and cannot be resumed`, Exit.failed);
      return { sessionId: found.session_id, agent: found.agent };
    } catch (err) {
      throw rpcFailure(err);
    }
  }
  try {
    const created = await client.sessionNew({
      ...(opts.agent !== undefined ? { agent: opts.agent } : {}),
      ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
    });
    return { sessionId: created.session_id, agent: created.agent };
  } catch (err) {
    throw rpcFailure(err);
  }
}
