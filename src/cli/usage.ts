// Help texts: `zeroclaw --help` lists the commands, `zeroclaw COMMAND --help` shows one of them.
export const COMMAND_HELP: Record<string, string> = {
  daemon: `usage: zeroclaw daemon [--config-dir DIR] [--ephemeral] [--gateway[=HOST:PORT]] [--log-level LEVEL]

Runs the daemon in the foreground; Ctrl-C or SIGTERM stops it cleanly.
  --config-dir DIR     config dir (default: ZEROCLAW_CONFIG_DIR, else ~/.zeroclaw)
  --ephemeral          exit once the last client has disconnected
  --gateway[=HOST:PORT]
                       also serve the WebSocket gateway and the dashboard, on gateway.host:gateway.port
                       or the address given (:PORT or PORT keeps the host; port 0 picks a free one);
                       the log says the dashboard's address, \`zeroclaw dashboard\` signs you in
  --log-level LEVEL    fatal, error, warn, info (default), debug, trace or silent;
                       default from ZEROCLAW_LOG_LEVEL. Logs go to stderr: coloured
                       lines on a terminal, JSON lines otherwise (ZEROCLAW_LOG_FORMAT=json|pretty).`,
  start: `usage: zeroclaw start [--gateway[=HOST:PORT]] [--config-dir DIR]

Starts \`zeroclaw daemon\` in the background, its output appended to <data dir>/daemon.log, and returns
once its socket listens (exit 0; also when one is already running, which it says). If the daemon
exits first, prints the end of its log and exits 4. \`zeroclaw stop\` stops it.`,
  stop: `usage: zeroclaw stop [--config-dir DIR]

Sends SIGTERM to the running daemon (its pid from status) and returns once its socket is gone. Exit 0,
also when no daemon was running (it says so).`,
  chat: `usage: zeroclaw chat [PROMPT | -p PROMPT] [--session ID] [--agent ALIAS] [--cwd DIR] [--config-dir DIR]

Talks to an agent: each prompt you enter is a turn, the reply streams back.
  PROMPT, -p PROMPT  run this one prompt, print the reply and exit (0 completed, 1 failed,
                     130 cancelled with Ctrl-C); approvals and questions read stdin lines
  --session ID       resume this session (default: a new one)
  --agent ALIAS      the agent of a new session (default: "default")
  --cwd DIR          the workspace of a new session (default: one the daemon makes)
In the chat: Enter sends; Alt-Enter (or Ctrl-J) starts a new line; a paste is one prompt,
newlines kept; what you type while a turn runs waits in the input line and is sent by an
Enter after the turn. /help lists the keys, /history shows the session, /quit (or Ctrl-D)
leaves; Ctrl-C cancels the running turn (a second one quits), clears a typed line, or quits.
Approvals: y (once), a (always), n (reject). Questions: a number for a choice or free
text; /decline or /cancel.
With stdout not a terminal the output is plain: the reply on stdout, tool lines and notes
on stderr; approvals and questions are answered by the next stdin line (none left: rejected,
cancelled); exit 0 when every turn completed, 1 when one failed.`,
  watch: `usage: zeroclaw watch SESSION [--config-dir DIR]

Shows a live session's stream as it happens (session/subscribe), whoever runs the turn.
On a terminal it can answer approvals (y/a/n). Ctrl-C stops watching.`,
  sessions: `usage: zeroclaw sessions [--config-dir DIR]

Lists your sessions (an admin sees all): id, agent, mode, state, messages, last activity
(the newest message) and title (the first prompt, cut to fit the terminal).`,
  config: `usage: zeroclaw config get [PROP] [--json] [--config-dir DIR]
       zeroclaw config set PROP VALUE [--config-dir DIR]
       zeroclaw config set-many PROP=VALUE [PROP=VALUE…] [--config-dir DIR]
       zeroclaw config set-many - < FILE      (PROP=VALUE lines, or JSON)

Reads and changes the daemon's config (config/get, config/set, config/set-many): checked,
written to config.toml and applied at once, or nothing changes.
A VALUE is JSON if it parses as JSON, else a string: \`config set agents.default.system_prompt
"Be brief"\` stores the text, \`config set sessions.max_live 8\` the number ('"8"' the string).
set-many also takes one JSON argument: {"sets":[{"prop":…,"value":…}]}, a list of those, or
{"PROP": VALUE, …}. get prints a string as it is and anything else as JSON (--json: always JSON);
without PROP the whole config. Secrets read back as "****".`,
  dashboard: `usage: zeroclaw dashboard [--open] [--config-dir DIR]

Prints the dashboard's address with a one-time sign-in code for you (the owner, or an admin):
no pairing token needed. The link works once, within a minute. --open also opens it in your
browser ($BROWSER, else xdg-open / open) through a private page that forwards to the link, so the
code never appears on a command line. The daemon must run its gateway (--gateway).`,
  methods: `usage: zeroclaw methods [--json] [--config-dir DIR]

One line per method the running daemon serves, grouped by namespace: its name, summary and the grant
it needs. With no daemon running, the methods of this version's contract. --json prints them as JSON.`,
  call: `usage: zeroclaw call METHOD [PARAMS_JSON] [--config-dir DIR]

Calls one method and prints its result as JSON on stdout (daemon notifications on stderr).
Exit 1 with the error object on stderr when the call fails, or when a session/prompt turn
ended with outcome "failed". Example: zeroclaw call session/list`,
  user: `usage: zeroclaw user add NAME --profile PROFILE [--profile PROFILE…] [--uid N] [--config-dir DIR]

Creates or updates [users.NAME] (config/set-many). --uid maps local peers with that uid to
the user; without one the user is reachable only through a pairing token (zeroclaw pair).`,
  profile: `usage: zeroclaw profile add NAME --grant RESOURCE:VERB [--grant …] [--agent ALIAS…] [--tool NAME…]
                            [--config-path PROP…] [--admin] [--config-dir DIR]

Creates or updates [permission_profiles.NAME] (config/set-many). Grants are resource:verb,
"*" allowed on either side: sessions:*, system:read, files:create, config:read…
--agent and --tool list the agents and tools the profile may use ("*" for all).`,
  pair: `usage: zeroclaw pair --user NAME [--label TEXT] [--config-dir DIR]

Prints a pairing token for the gateway, once (the daemon keeps only its hash). The user must
exist: zeroclaw profile add … then zeroclaw user add NAME --profile ….`,
  unpair: `usage: zeroclaw unpair TOKEN_ID [--config-dir DIR]

Revokes a pairing token; the connection using it fails its next call.`,
  upload: `usage: zeroclaw upload SESSION FILE [--config-dir DIR]

Chunked upload into the session's workspace, with a progress bar; prints the FileEntry.`,
  codegen: `usage: zeroclaw codegen --openrpc FILE --lang ts|python|go|rust --out DIR [--name NAME] [--ref-root DIR] [--integers native|exact]
       zeroclaw codegen --check --openrpc FILE [--ref-root DIR]
       zeroclaw codegen --list-languages

Generates a typed client package for any OpenRPC 1.x document into DIR (created if needed; only
files under it are written): the manifest at its root, one method per OpenRPC method, typed
params, results and errors, transports chosen by URL (http(s)://, a Unix socket, and ws(s)://
in TypeScript). External $refs to files below the document's folder are followed (regular files of at
most 16 MiB; anything else is refused). The document is treated as hostile input: work is bounded and
nothing it says is written unquoted.
  --openrpc FILE  the document (JSON), checked against the OpenRPC meta-schema
  --lang LANG     ts (typescript), python (py), go (golang) or rust (rs)
  --out DIR       where the package goes
  --name NAME     package/module/crate name (default: from info.title), normalised per language
  --ref-root DIR  the folder external $refs may read below (default: the document's folder)
  --integers MODE native (default): int64 / i64 / number / int unless bounds need more;
                  exact: json.Number / i128 / number | bigint for integers the document leaves unbounded
  --check         report every problem of the document (all four languages generated in memory),
                  write nothing
  --list-languages  each --lang, its aliases and the files it writes
Exit 0 written (--check: no problems), 1 the document is refused (every problem in one run, each
with its JSON Pointer), 2 bad usage.`,
  conformance: `usage: zeroclaw conformance (--socket PATH | --spawn "CMD") [OPTIONS]

Runs the black-box conformance suite against a daemon (any implementation);
zeroclaw conformance --help lists the suite's own options.`,
};

export const MAIN_HELP = `usage: zeroclaw COMMAND [OPTIONS]

Commands:
  daemon       run the daemon in the foreground
  start        start the daemon in the background (log: <data dir>/daemon.log)
  stop         stop the daemon running in the background
  chat         talk to an agent in the terminal
  watch        watch a live session from another terminal
  sessions     list sessions
  methods      list the methods the daemon serves, with their summaries
  call         call one JSON-RPC method, print the JSON result
  config       read or change the config: config get/set/set-many
  dashboard    print (or --open) a sign-in link to the web dashboard
  user add     create a user (for local uids or pairing)
  profile add  create a permission profile
  pair         print a pairing token for the gateway
  unpair       revoke a pairing token
  upload       upload a file into a session's workspace
  codegen      generate a typed client from any OpenRPC document
  conformance  run the conformance suite against a daemon

Options: -h, --help (also after any command), -V, --version.
--config-dir DIR goes before or after the command: zeroclaw --config-dir DIR call status.
The daemon is found at ZEROCLAW_SOCKET, else <config dir>/data/daemon.sock.
Exit codes: 0 ok, 1 failed (daemon error or failed turn), 2 usage, 3 no daemon,
4 daemon cannot start, 70 internal error, 130 quit with Ctrl-C.`;
