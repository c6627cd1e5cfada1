// The command line's exit codes, documented in the README ("Exit codes"). Each failure the user can
// act on has its own code, so scripts can tell "fix your command" from "start the daemon".
export const Exit = {
  ok: 0,
  /** The daemon answered with an error, or a turn ended with outcome "failed". */
  failed: 1,
  /** A bad command line: unknown option, missing argument, invalid JSON. */
  usage: 2,
  /** No daemon to talk to (nothing listens on the endpoint, or it is not ours to open). */
  noDaemon: 3,
  /** `zeroclaw daemon` could not start: endpoint in use, gateway port busy, bad config. */
  cannotStart: 4,
  /** A bug: something nobody planned for. One line; ZEROCLAW_DEBUG=1 prints the stack. */
  internal: 70,
  /** Quit with Ctrl-C (chat, watch): 128 + SIGINT, as shells report it. */
  interrupted: 130,
} as const;

/** A failure with its one-line message and exit code; the entry point prints it and exits. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export const usageError = (message: string): CliError => new CliError(message, Exit.usage);
