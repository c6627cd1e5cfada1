// Options every client command takes, accepted before the command as well as after it
// (`zeroclaw --config-dir DIR call status` = `zeroclaw call status --config-dir DIR`). They are moved
// after the command, where its own parser checks them like any other option; a command that does not
// take one (conformance) says so with its usage line.
import { usageError } from "./exit-codes.js";

/** Global options that take a value. */
const WITH_VALUE = new Set(["--config-dir"]);

export function hoistGlobalOptions(argv: readonly string[]): string[] {
  const hoisted: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg.split("=", 1)[0]!;
    if (!WITH_VALUE.has(name)) break;
    if (arg.includes("=")) hoisted.push(arg);
    else {
      const value = argv[i + 1];
      if (value === undefined) throw usageError(`${name} needs a value`);
      hoisted.push(arg, value);
      i++;
    }
  }
  if (hoisted.length === 0) return [...argv];
  const [command, ...rest] = argv.slice(i);
  // `zeroclaw --config-dir DIR` alone: no command, which main() reports as usual.
  if (command === undefined) return [];
  return [command, ...hoisted, ...rest];
}
