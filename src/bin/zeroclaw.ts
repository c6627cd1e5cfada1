// The zeroclaw command line. Every command parses its options with util.parseArgs (src/cli/args.ts),
// answers -h/--help, and ends in one of the exit codes of src/cli/exit-codes.ts. No stack trace
// reaches a user: a failure is one line saying what to do (ZEROCLAW_DEBUG=1 adds the stack).
import { type Options, parseCommandArgs, str, strs } from "../cli/args.js";
import { CliError, Exit } from "../cli/exit-codes.js";
import { hoistGlobalOptions } from "../cli/global-options.js";
import { COMMAND_HELP, MAIN_HELP } from "../cli/usage.js";
import { SERVER_VERSION } from "../daemon/version.js";
import { closest } from "../did-you-mean.js";

const CONFIG_DIR: Options = { "config-dir": { type: "string" } };

type Command = {
  options: Options;
  positionals: { min: number; max: number };
  /** Rewrites the arguments before parsing (forms util.parseArgs has no spelling for). */
  prepare?(args: string[]): string[];
  run(values: Record<string, unknown>, positionals: string[]): Promise<number>;
};

const COMMANDS: Record<string, Command> = {
  daemon: {
    options: {
      ...CONFIG_DIR,
      ephemeral: { type: "boolean" },
      gateway: { type: "string" },
      "log-level": { type: "string" },
    },
    positionals: { min: 0, max: 0 },
    // --gateway alone (a flag) or --gateway=HOST:PORT: parseArgs has no optional values, so the bare
    // flag becomes an empty value.
    prepare: (args) => args.map((a) => (a === "--gateway" ? "--gateway=" : a)),
    async run(v) {
      const { daemonCommand, parseGatewayAddress } = await import("../cli/daemon-command.js");
      const gateway = str(v.gateway);
      return daemonCommand({
        configDir: str(v["config-dir"]),
        ephemeral: v.ephemeral === true,
        gateway: gateway === undefined ? false : gateway === "" ? true : parseGatewayAddress(gateway),
        logLevel: str(v["log-level"]),
      });
    },
  },
  start: {
    options: { ...CONFIG_DIR, gateway: { type: "string" } },
    positionals: { min: 0, max: 0 },
    prepare: (args) => args.map((a) => (a === "--gateway" ? "--gateway=" : a)),
    async run(v) {
      const { startCommand } = await import("../cli/start-stop-command.js");
      return startCommand({ configDir: str(v["config-dir"]), gateway: str(v.gateway) });
    },
  },
  stop: {
    options: CONFIG_DIR,
    positionals: { min: 0, max: 0 },
    async run(v) {
      const { stopCommand } = await import("../cli/start-stop-command.js");
      return stopCommand({ configDir: str(v["config-dir"]) });
    },
  },
  chat: {
    options: {
      ...CONFIG_DIR,
      session: { type: "string" },
      agent: { type: "string" },
      cwd: { type: "string" },
      prompt: { type: "string", short: "p" },
    },
    positionals: { min: 0, max: 1 },
    async run(v, [positional]) {
      const flag = str(v.prompt);
      if (flag !== undefined && positional !== undefined)
        throw new CliError("give the prompt once: as an argument or with -p, not both", Exit.usage);
      const prompt = flag ?? positional;
      if (prompt !== undefined && prompt.trim() === "") throw new CliError("the prompt is empty", Exit.usage);
      const { chatCommand } = await import("../cli/chat/chat-command.js");
      return chatCommand({
        session: str(v.session),
        agent: str(v.agent),
        cwd: str(v.cwd),
        configDir: str(v["config-dir"]),
        prompt,
      });
    },
  },
  watch: {
    options: CONFIG_DIR,
    positionals: { min: 1, max: 1 },
    async run(v, [session]) {
      const { watchCommand } = await import("../cli/chat/watch-command.js");
      return watchCommand(session!, str(v["config-dir"]));
    },
  },
  sessions: {
    options: CONFIG_DIR,
    positionals: { min: 0, max: 0 },
    async run(v) {
      const { sessionsCommand } = await import("../cli/admin-commands.js");
      return sessionsCommand(str(v["config-dir"]));
    },
  },
  call: {
    options: CONFIG_DIR,
    positionals: { min: 1, max: 2 },
    async run(v, positionals) {
      const { callCommand } = await import("../cli/call-command.js");
      return callCommand(positionals, str(v["config-dir"]));
    },
  },
  user: {
    options: { ...CONFIG_DIR, profile: { type: "string", multiple: true }, uid: { type: "string" } },
    positionals: { min: 2, max: 2 },
    async run(v, [verb, name]) {
      if (verb !== "add") throw new CliError(`unknown subcommand user ${verb}: use user add`, Exit.usage);
      const { userAddCommand } = await import("../cli/admin-commands.js");
      return userAddCommand(name!, strs(v.profile), str(v.uid), str(v["config-dir"]));
    },
  },
  profile: {
    options: {
      ...CONFIG_DIR,
      grant: { type: "string", multiple: true },
      agent: { type: "string", multiple: true },
      tool: { type: "string", multiple: true },
      "config-path": { type: "string", multiple: true },
      admin: { type: "boolean" },
    },
    positionals: { min: 2, max: 2 },
    async run(v, [verb, name]) {
      if (verb !== "add")
        throw new CliError(`unknown subcommand profile ${verb}: use profile add`, Exit.usage);
      const { profileAddCommand } = await import("../cli/admin-commands.js");
      return profileAddCommand(
        name!,
        {
          grants: strs(v.grant),
          admin: v.admin === true,
          agents: strs(v.agent),
          tools: strs(v.tool),
          configPaths: strs(v["config-path"]),
        },
        str(v["config-dir"]),
      );
    },
  },
  pair: {
    options: { ...CONFIG_DIR, user: { type: "string" }, label: { type: "string" } },
    positionals: { min: 0, max: 0 },
    async run(v) {
      const user = str(v.user);
      if (!user) throw new CliError("missing --user NAME", Exit.usage);
      const { pairCommand } = await import("../cli/admin-commands.js");
      return pairCommand(user, str(v.label), str(v["config-dir"]));
    },
  },
  unpair: {
    options: CONFIG_DIR,
    positionals: { min: 1, max: 1 },
    async run(v, [tokenId]) {
      const { unpairCommand } = await import("../cli/admin-commands.js");
      return unpairCommand(tokenId!, str(v["config-dir"]));
    },
  },
  config: {
    options: { ...CONFIG_DIR, json: { type: "boolean" } },
    positionals: { min: 1, max: Number.POSITIVE_INFINITY },
    async run(v, [verb, ...args]) {
      const { configCommand } = await import("../cli/config-command.js");
      return configCommand(verb!, args, { json: v.json === true, configDir: str(v["config-dir"]) });
    },
  },
  methods: {
    options: { ...CONFIG_DIR, json: { type: "boolean" } },
    positionals: { min: 0, max: 0 },
    async run(v) {
      const { methodsCommand } = await import("../cli/methods-command.js");
      return methodsCommand(str(v["config-dir"]), v.json === true);
    },
  },
  dashboard: {
    options: { ...CONFIG_DIR, open: { type: "boolean" } },
    positionals: { min: 0, max: 0 },
    async run(v) {
      const { dashboardCommand } = await import("../cli/dashboard-command.js");
      return dashboardCommand({ open: v.open === true, configDir: str(v["config-dir"]) });
    },
  },
  codegen: {
    options: {
      openrpc: { type: "string" },
      lang: { type: "string" },
      out: { type: "string" },
      name: { type: "string" },
      "ref-root": { type: "string" },
      integers: { type: "string" },
      check: { type: "boolean" },
      "list-languages": { type: "boolean" },
    },
    positionals: { min: 0, max: 0 },
    async run(v) {
      const { codegenCommand } = await import("../cli/codegen-command.js");
      return codegenCommand({
        openrpc: str(v.openrpc),
        lang: str(v.lang),
        out: str(v.out),
        name: str(v.name),
        refRoot: str(v["ref-root"]),
        integers: str(v.integers),
        check: v.check === true,
        listLanguages: v["list-languages"] === true,
      });
    },
  },
  upload: {
    options: CONFIG_DIR,
    positionals: { min: 2, max: 2 },
    async run(v, positionals) {
      const { uploadCommand } = await import("../cli/upload-command.js");
      return uploadCommand(positionals, str(v["config-dir"]));
    },
  },
};

async function main(args: string[]): Promise<number> {
  // Global options (--config-dir) may come before the command too: moved after it.
  const argv = hoistGlobalOptions(args);
  const [command, ...rest] = argv;
  switch (command) {
    case "-V":
    case "--version":
    case "version":
      process.stdout.write(`${SERVER_VERSION}\n`);
      return Exit.ok;
    case undefined:
      process.stderr.write(`${MAIN_HELP}\n`);
      return Exit.usage;
    case "-h":
    case "--help":
    case "help": {
      const topic = command === "help" ? rest[0] : undefined;
      process.stdout.write(`${(topic && COMMAND_HELP[topic]) || MAIN_HELP}\n`);
      return Exit.ok;
    }
    case "conformance": {
      // The suite parses its own arguments (it also runs on its own, outside this command line).
      const { conformanceMain } = await import("../../conformance/cli.js");
      return conformanceMain(rest, "zeroclaw conformance");
    }
  }
  const spec = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!spec) {
    const near = closest(command, [...Object.keys(COMMANDS), "conformance", "help", "version"]);
    const hint = near ? `did you mean ${near}? ` : "";
    throw new CliError(`unknown command ${command} (${hint}zeroclaw --help lists them)`, Exit.usage);
  }
  try {
    const parsed = parseCommandArgs(spec.prepare ? spec.prepare(rest) : rest, spec.options, spec.positionals);
    if (parsed === "help") {
      process.stdout.write(`${COMMAND_HELP[command]}\n`);
      return Exit.ok;
    }
    return await spec.run(parsed.values, parsed.positionals);
  } catch (err) {
    // A usage error names the command's usage line, so the fix is on the same line.
    if (err instanceof CliError && err.exitCode === Exit.usage) {
      throw new CliError(`${err.message}; ${usageLine(command, rest[0])}`, err.exitCode);
    }
    throw err;
  }
}

/**
 * The usage line of `command` for the subcommand typed (`config set` gets set's line, not get's), or
 * the first line when none matches.
 */
function usageLine(command: string, sub: string | undefined): string {
  const lines = (COMMAND_HELP[command] ?? "").split("\n").filter((l) => /^(usage:)?\s*zeroclaw /.test(l));
  const typed = `zeroclaw ${command} ${sub}`;
  const mine = lines.find((l) => sub !== undefined && (l.includes(`${typed} `) || l.endsWith(typed)));
  return (mine ?? lines[0] ?? "").replace(/^(usage:)?\s*/, "usage: ");
}

/** The command, for the failure line's prefix (global options before it skipped). */
const command = ((): string | undefined => {
  try {
    return hoistGlobalOptions(process.argv.slice(2))[0];
  } catch {
    return undefined;
  }
})();
main(process.argv.slice(2)).then(
  (code) => {
    // The daemon has closed everything it owns by now; exiting explicitly keeps a stray handle in a
    // dependency from holding the process open after SIGTERM. chat and watch may leave stdin open.
    if (command === "daemon" || command === "chat" || command === "watch") process.exit(code);
    process.exitCode = code;
  },
  (err: unknown) => {
    const prefix = command && Object.hasOwn(COMMANDS, command) ? `zeroclaw ${command}` : "zeroclaw";
    if (err instanceof CliError) {
      process.stderr.write(`${prefix}: ${err.message}\n`);
      process.exit(err.exitCode);
    }
    // An internal error's message may quote input (a document's text): no control character reaches the terminal.
    const message = (err instanceof Error ? err.message : String(err)).replace(
      /[\x00-\x1f\x7f-\x9f\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    process.stderr.write(
      `${prefix}: internal error: ${message} (this is a bug; ZEROCLAW_DEBUG=1 shows the stack trace)\n`,
    );
    if (process.env.ZEROCLAW_DEBUG) process.stderr.write(`${err instanceof Error ? err.stack : ""}\n`);
    process.exit(Exit.internal);
  },
);
