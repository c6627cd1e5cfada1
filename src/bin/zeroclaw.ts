// The zeroclaw command line: daemon, call, conformance.
import { parseArgs } from "node:util";
import { SERVER_VERSION } from "../daemon/version.js";

const USAGE = `usage:
  zeroclaw daemon [--config-dir DIR] [--ephemeral] [--gateway]
  zeroclaw call METHOD [PARAMS_JSON]        (ZEROCLAW_SOCKET or the default endpoint)
  zeroclaw pair --user NAME [--label TEXT]  (prints a pairing token for the gateway, once)
  zeroclaw unpair TOKEN_ID
  zeroclaw upload SESSION FILE              (chunked upload into the session's workspace; prints the FileEntry)
  zeroclaw conformance (--socket PATH | --spawn "CMD" | --list) [...]  (= zeroclaw-conformance; --help)
  zeroclaw --version
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "daemon": {
      const { values } = parseArgs({
        args: rest,
        options: {
          "config-dir": { type: "string" },
          ephemeral: { type: "boolean", default: false },
          gateway: { type: "boolean", default: false },
        },
      });
      const { daemonCommand } = await import("../cli/daemon-command.js");
      return daemonCommand({
        configDir: values["config-dir"],
        ephemeral: values.ephemeral,
        gateway: values.gateway,
      });
    }
    case "call": {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { "config-dir": { type: "string" } },
        allowPositionals: true,
      });
      const { callCommand } = await import("../cli/call-command.js");
      return callCommand(positionals, values["config-dir"]);
    }
    case "pair": {
      const { values } = parseArgs({
        args: rest,
        options: { user: { type: "string" }, label: { type: "string" }, "config-dir": { type: "string" } },
      });
      const { pairCommand } = await import("../cli/pair-command.js");
      return pairCommand(values.user, values.label, values["config-dir"]);
    }
    case "unpair": {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { "config-dir": { type: "string" } },
        allowPositionals: true,
      });
      const { unpairCommand } = await import("../cli/pair-command.js");
      return unpairCommand(positionals[0], values["config-dir"]);
    }
    case "upload": {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { "config-dir": { type: "string" } },
        allowPositionals: true,
      });
      const { uploadCommand } = await import("../cli/upload-command.js");
      return uploadCommand(positionals, values["config-dir"]);
    }
    case "conformance": {
      const { conformanceMain } = await import("../../conformance/cli.js");
      return conformanceMain(rest);
    }
    case "--version":
    case "version":
      process.stdout.write(`${SERVER_VERSION}\n`);
      return 0;
    case undefined:
    case "help":
    case "--help":
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`zeroclaw: unknown command ${command}\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    // The daemon has closed everything it owns by now; exiting explicitly keeps a stray handle in a
    // dependency from holding the process open after SIGTERM.
    if (process.argv[2] === "daemon") process.exit(code);
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`zeroclaw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
