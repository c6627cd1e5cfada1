// The Rust harness: `cargo build` and `cargo clippy` (offline, Debian's crates, the shared target
// dir: test/helpers/cargo.ts) must print nothing; the probe is an example program in the package
// (examples/probe.rs) that decodes each call's params from their JSON into the generated types,
// passes them as the generated method takes them (by value, `&`, `as_deref()`…), and prints each
// result re-encoded with the package's own JSON writer.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Method, Model } from "../../../codegen/model/types.js";
import { createNames } from "../../../codegen/naming/namer.js";
import { rustNaming } from "../../../codegen/naming/tables/rust.js";
import { rustString } from "../../../codegen/quote/index.js";
import { errorVariants } from "../../../codegen/targets/rust/emit-client.js";
import { rustTypes } from "../../../codegen/targets/rust/render-types.js";
import { cargo, hasCargo, hasClippy } from "../cargo.js";
import type { Call, LanguageHarness, Run } from "./harness.js";

type R = ReturnType<typeof rustTypes>;

/** Statements binding each param (decoded from JSON) and the arguments passing them. */
function args(m: Method, r: R, params: Call["params"], i: number): { lets: string[]; pass: string[] } {
  const json = (v: unknown): string => rustString(v === undefined ? "null" : JSON.stringify(v));
  if (m.paramStructure === "by-name") {
    const obj = m.paramsObject ? r.model.types.get(m.paramsObject.name) : undefined;
    if (
      !m.paramsObject ||
      (obj?.kind === "object" && obj.members.length === 0 && obj.additional.kind !== "typed")
    )
      return { lets: [], pass: [] };
    const value = Object.fromEntries(
      params.filter((p) => p.value !== undefined).map((p) => [p.name, p.value]),
    );
    const t = r.names.type(m.paramsObject.name);
    return {
      lets: [`let p${i}: ${t} = serde_json::from_str(${json(value)}).expect("params");`],
      pass: [`&p${i}`],
    };
  }
  const lets: string[] = [];
  const pass: string[] = [];
  m.params.forEach((p, k) => {
    const inner = p.type.kind === "nullable" ? p.type.type : p.type;
    const optional = !p.required || p.type.kind === "nullable";
    const { owned, borrowed } = r.param(inner);
    const v = `a${i}_${k}`;
    lets.push(
      `let ${v}: ${optional ? `Option<${owned}>` : owned} = serde_json::from_str(${json(params[k]?.value)}).expect("param");`,
    );
    const deref = borrowed === "&str" || borrowed.startsWith("&[");
    if (!optional) pass.push(borrowed === owned ? v : `&${v}`);
    else pass.push(borrowed === owned ? v : deref ? `${v}.as_deref()` : `${v}.as_ref()`);
  });
  return { lets, pass };
}

export const rustHarness: LanguageHarness = {
  lang: "rust",
  missing: () => (hasCargo() ? undefined : "cargo is not installed"),
  async build(dir) {
    const built = await cargo(["build", "--quiet"], dir);
    if (built.code !== 0 || `${built.stdout}${built.stderr}`.trim() !== "" || !hasClippy()) return built;
    return cargo(["clippy", "--quiet"], dir);
  },
  async calls(dir, model: Model, url, calls): Promise<Run> {
    const r = rustTypes(model, createNames(model, rustNaming));
    const variants = errorVariants(r);
    const lib = rustNaming.packageName(model.info.title).replaceAll("-", "_");
    const body = calls.map((c, i) => {
      const m = model.methods.find((x) => x.name === c.method);
      if (!m) throw new Error(`no method ${c.method}`);
      const { lets, pass } = args(m, r, c.params, i);
      const variant = c.expectError === undefined ? undefined : variants.get(c.expectError);
      if (c.expectError !== undefined && !variant) throw new Error(`no error ${c.expectError}`);
      const typed = variant
        ? `        Err(e @ Error::${variant}(_)) => println!("{{\\"error\\":{},\\"code\\":{}}}", ${rustString(JSON.stringify(c.expectError))}, e.code().unwrap_or_default()),\n`
        : "";
      return `    {
${lets.map((l) => `        ${l}\n`).join("")}        match client.${r.names.method(m)}(${pass.join(", ")}) {
            Ok(result) => println!("{{\\"result\\":{}}}", runtime::json::to_string(&result).expect("encode")),
${typed}            Err(e) => {
                eprintln!("call ${i} (${c.method.replace(/[^\w./-]/g, "?")}): {e}");
                std::process::exit(1);
            }
        }
    }`;
    });
    mkdirSync(join(dir, "examples"), { recursive: true });
    writeFileSync(
      join(dir, "examples", "probe.rs"),
      `#![allow(deprecated)]
use ${lib}::*;

fn main() {
    let client = Client::connect(${rustString(url)}).expect("connect");
${body.join("\n")}
}
`,
    );
    const r2 = await cargo(["run", "--quiet", "--example", "probe"], dir);
    return { code: r2.code, stdout: r2.stdout, stderr: r2.stderr };
  },
};
