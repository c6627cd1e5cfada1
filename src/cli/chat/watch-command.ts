// zeroclaw watch SESSION: a live session's stream from another terminal (session/subscribe). Shows
// what chat shows; on a terminal it may answer approvals too (y/a/n), like the chat that runs the turn.
// Runs until Ctrl-C (exit 0), until the daemon goes away (exit 3), or until the daemon ends the
// subscription because the watcher lost its right to the session (exit 1); one that fell behind
// (lagging) subscribes again and goes on.
import { ErrorCode, RpcError } from "../../../generated/errors.js";
import { Method } from "../../../generated/methods.js";
import { describeRpcError, openDaemon, rpcFailure } from "../daemon-client.js";
import { CliError, Exit } from "../exit-codes.js";
import { Questions } from "./questions.js";
import { type Update, UpdateRenderer } from "./render.js";
import { TerminalScreen } from "./screen.js";
import { type Style, styleFor } from "./style.js";
import { TerminalInput } from "./terminal-input.js";

export async function watchCommand(sessionId: string, configDir?: string): Promise<number> {
  const tty = process.stdout.isTTY === true;
  const interactive = tty && process.stdin.isTTY === true;
  const style = styleFor(process.stdout);
  const screen = interactive ? new TerminalScreen() : undefined;
  // The watcher says how each turn ended itself, in one line (the renderer's own would be a second).
  const render = new UpdateRenderer(tty, style, false, screen ?? process.stdout, process.stderr, false);
  const { client, connection } = await openDaemon(configDir);

  let quit: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    quit = resolve;
  });
  const stop = (): void => quit(Exit.ok);
  // Only a watcher at a terminal reads input (to answer approvals); otherwise stdin is left alone.
  const input = screen ? new TerminalInput({ screen, onInterrupt: stop, holdInput: false }) : undefined;
  if (!input) process.once("SIGINT", stop);
  const questions = input ? new Questions(input, render, style) : undefined;

  // No update carries the prompt, so at a turn's first update the watcher reads the new transcript
  // rows and shows the user's line. Updates queue behind that read to keep their order.
  let seenSeq = 0;
  let inTurn = false;
  let queue: Promise<void> = Promise.resolve();
  const showPrompt = (text: string): void => {
    if (tty) render.note(`${style.bold(style.blue("you › "))}${text}`);
    else render.note(text, "you");
  };
  const showPrompts = async (): Promise<void> => {
    try {
      const page = await client.sessionMessages({ session_id: sessionId, after_seq: seenSeq, limit: 1000 });
      for (const m of page.messages) {
        if (m.role === "user" && m.kind === "message") showPrompt(m.content);
        seenSeq = m.seq;
      }
    } catch {
      // The transcript is a courtesy here; the stream itself goes on.
    }
  };

  const onUpdate = (u: Update): void => {
    if (u.type === "approval_request") {
      const requestId = String(u.requestId);
      if (!questions) {
        render.note(
          style.yellow(
            `approval ${requestId} for ${String(u.toolName)} is waiting (answer it in the chat, or: zeroclaw call session/approve '{"session_id":"${sessionId}","request_id":"${requestId}","decision":"allow_once"}')`,
          ),
          "approval",
        );
        return;
      }
      void questions.approval(String(u.toolName), u.rawInput).then((decision) => {
        if (decision === "settled" || decision === "no_answer") return;
        client
          .sessionApprove({ session_id: sessionId, request_id: requestId, decision })
          .catch((err: unknown) =>
            render.note(style.dim(`(not sent: ${describeRpcError(err)})`), "approval"),
          );
      });
      return;
    }
    questions?.turnMovedOn();
    render.update(u);
    if (u.type === "turn_complete") {
      questions?.abandon();
      render.note(turnEndLine(u, style), "turn");
    }
  };
  const subscriptionEnded = (reason: string): void => {
    render.endLine();
    if (reason === "lagging") {
      // SPEC §17: the daemon stopped queueing for us; whatever was lost is in the transcript.
      render.note(style.dim("(fell behind: subscribing again)"), "watch");
      inTurn = false;
      client.sessionSubscribe({ session_id: sessionId }).catch((err: unknown) => {
        process.stderr.write(`zeroclaw watch: cannot subscribe again: ${describeRpcError(err)}\n`);
        quit(Exit.failed);
      });
      return;
    }
    process.stderr.write(`zeroclaw watch: the daemon ended the subscription (${reason})\n`);
    quit(Exit.failed);
  };
  connection.setNotificationHandler(Method.sessionUpdate, (params) => {
    const u = params as Update;
    if (u.sessionId !== sessionId) return;
    if (u.type === "subscription_ended") {
      queue = queue.then(() => subscriptionEnded(String(u.reason)));
      return;
    }
    queue = queue.then(async () => {
      if (!inTurn) {
        inTurn = true;
        await showPrompts();
      }
      if (u.type === "turn_complete") inTurn = false;
      onUpdate(u);
    });
  });
  let leaving = false;
  connection.closed.then(() => {
    if (leaving) return;
    render.endLine();
    process.stderr.write("zeroclaw watch: the daemon closed the connection\n");
    quit(Exit.noDaemon);
  });

  // The turn running now, if any, is shown from its prompt (SPEC §18 running_turn). Its replay is the
  // head of the update queue, set before any update can arrive, so later updates follow it in order.
  // Rows so far are history, not news: only prompts written from now on are shown. Counted before
  // subscribing, so a prompt written in between is shown rather than taken for history.
  const rowsSoFar = (): Promise<number> =>
    client
      .sessionMessages({ session_id: sessionId, limit: 1 })
      .then((page) => page.total)
      .catch(() => seenSeq);
  seenSeq = await rowsSoFar();
  const subscribing = client.sessionSubscribe({ session_id: sessionId });
  queue = subscribing.then(
    async ({ running_turn: turn }) => {
      // A running turn is shown from its prompt (below): its rows so far are not news either.
      if (turn) seenSeq = await rowsSoFar();
      // Said once watching really starts, so whatever runs from now on is shown.
      if (tty) render.note(style.dim(`watching ${sessionId} · Ctrl-C stops`));
      else process.stderr.write(`[watching] ${sessionId}\n`);
      if (!turn) return;
      inTurn = true;
      showPrompt(turn.prompt);
      turn.updates.forEach((u, i) => {
        // An approval someone already answered is history; only one still open (the last) is asked.
        if (u.type === "approval_request" && i < turn.updates.length - 1) return;
        onUpdate(u as unknown as Update);
      });
    },
    () => undefined,
  );
  try {
    await subscribing;
  } catch (err) {
    leaving = true;
    input?.close();
    connection.close();
    if (err instanceof RpcError && err.code === ErrorCode.SESSION_NOT_FOUND)
      throw new CliError(
        `no session ${sessionId} (${err.code} session_not_found): \`zeroclaw sessions\` lists yours; \`zeroclaw chat --session ${sessionId}\` starts it`,
        Exit.failed,
      );
    throw rpcFailure(err);
  }
  const code = await done;
  leaving = true;
  render.endLine();
  input?.close();
  connection.close();
  return code;
}

/** The one line a watcher shows for a turn's end: its outcome, and for a failure, why. */
function turnEndLine(u: Update, style: Style): string {
  const outcome = String(u.outcome);
  const why = outcome === "failed" && u.content ? `: ${String(u.content)}` : "";
  const line = `── turn ${String(u.turnId)} ${outcome}${why} ──`;
  return outcome === "completed"
    ? style.dim(line)
    : outcome === "failed"
      ? style.red(line)
      : style.yellow(line);
}
