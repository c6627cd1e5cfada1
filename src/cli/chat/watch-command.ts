// zeroclaw watch SESSION: a live session's stream from another terminal (session/subscribe). Shows
// what chat shows; on a terminal it may answer approvals too (y/a/n), like the chat that runs the turn.
// Runs until Ctrl-C (exit 0) or until the daemon goes away (exit 3).
import { describeRpcError, openDaemon, rpcFailure } from "../daemon-client.js";
import { Exit } from "../exit-codes.js";
import { LineInput } from "./line-input.js";
import { Questions } from "./questions.js";
import { type Update, UpdateRenderer } from "./render.js";
import { styleFor } from "./style.js";

export async function watchCommand(sessionId: string, configDir?: string): Promise<number> {
  const tty = process.stdout.isTTY === true;
  const interactive = tty && process.stdin.isTTY === true;
  const style = styleFor(process.stdout);
  const render = new UpdateRenderer(tty, style);
  const { client, connection } = await openDaemon(configDir);

  let quit: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    quit = resolve;
  });
  const stop = (): void => quit(Exit.ok);
  // Only a watcher at a terminal reads input (to answer approvals); otherwise stdin is left alone.
  const input = interactive ? new LineInput(true, stop) : undefined;
  if (!input) process.once("SIGINT", stop);
  const questions = input ? new Questions(input, render, style) : undefined;

  connection.setNotificationHandler("session/update", (params) => {
    const u = params as Update;
    if (u.sessionId !== sessionId) return;
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
        if (decision === null) return;
        client
          .sessionApprove({ session_id: sessionId, request_id: requestId, decision })
          .catch((err: unknown) =>
            render.note(style.dim(`(not sent: ${describeRpcError(err)})`), "approval"),
          );
      });
      return;
    }
    render.update(u);
    if (u.type === "turn_complete") {
      questions?.abandon();
      render.note(style.dim(`── turn ${String(u.turnId)} ${String(u.outcome)} ──`), "turn");
    }
  });
  let leaving = false;
  connection.closed.then(() => {
    if (leaving) return;
    render.endLine();
    process.stderr.write("zeroclaw watch: the daemon closed the connection\n");
    quit(Exit.noDaemon);
  });

  try {
    await client.sessionSubscribe({ session_id: sessionId });
  } catch (err) {
    input?.close();
    connection.close();
    throw rpcFailure(err);
  }
  if (tty) render.note(style.dim(`watching ${sessionId} · Ctrl-C stops`));
  else process.stderr.write(`[watching] ${sessionId}\n`);

  const code = await done;
  leaving = true;
  render.endLine();
  input?.close();
  connection.close();
  return code;
}
