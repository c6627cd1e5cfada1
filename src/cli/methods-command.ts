// zeroclaw methods: one line per method the daemon serves, grouped by namespace (session/…, config/…),
// with its summary and the grant it needs — what `zeroclaw call` can call, without reading
// rpc.discover's 200 KB. Asks the running daemon (so it lists what that daemon serves); with no daemon,
// lists the methods of the contract this command line was built with, and says so.

import type { RpcDiscoverResult } from "../../generated/types.js";
import document from "../../openrpc.json" with { type: "json" };
import { withDaemon } from "./daemon-client.js";
import { CliError, Exit } from "./exit-codes.js";

type MethodEntry = {
  name: string;
  summary?: string;
  "x-grant"?: string;
  "x-implemented-by"?: string[];
  "x-local-only"?: boolean;
};

export async function methodsCommand(configDir: string | undefined, json: boolean): Promise<number> {
  let methods: MethodEntry[];
  try {
    const doc: RpcDiscoverResult = await withDaemon(configDir, (d) => d.client.rpcDiscover({}));
    methods = (doc as unknown as { methods: MethodEntry[] }).methods;
  } catch (err) {
    if (!(err instanceof CliError) || err.exitCode !== Exit.noDaemon) throw err;
    process.stderr.write("zeroclaw methods: no daemon is running: the methods of this version's contract\n");
    methods = (document as unknown as { methods: MethodEntry[] }).methods;
  }
  const served = methods.filter((m) => !(m["x-implemented-by"] ?? []).includes("client"));
  if (json) {
    const rows = served.map((m) => ({ name: m.name, summary: m.summary ?? "", grant: m["x-grant"] ?? null }));
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return Exit.ok;
  }
  process.stdout.write(formatMethods(served));
  return Exit.ok;
}

/** Namespace headings, then `  name  summary  [grant]` rows with the names in one column. */
export function formatMethods(methods: readonly MethodEntry[]): string {
  const groups = new Map<string, MethodEntry[]>();
  for (const m of methods) {
    const slash = m.name.indexOf("/");
    const group = slash === -1 ? "daemon" : m.name.slice(0, slash);
    groups.set(group, [...(groups.get(group) ?? []), m]);
  }
  const width = Math.max(...methods.map((m) => m.name.length));
  const lines: string[] = [];
  for (const [group, members] of groups) {
    lines.push(`${group}:`);
    for (const m of members) {
      const grant = m["x-grant"] ? `  [${m["x-grant"]}${m["x-local-only"] ? ", local only" : ""}]` : "";
      lines.push(`  ${m.name.padEnd(width)}  ${m.summary ?? ""}${grant}`);
    }
  }
  lines.push("", `${methods.length} methods. \`zeroclaw call METHOD '{…}'\` calls one.`);
  return `${lines.join("\n")}\n`;
}
