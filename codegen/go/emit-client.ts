// clients/go/zeroclaw/client_gen.go: one method on *Client per client → daemon method, and for daemon →
// client traffic a handler type plus Handle<Method> (requests) or On<Method> (notifications).
import type { GoApi, GoMethod } from "./api.js";
import { typeString } from "./emit-types.js";
import { comment } from "./gofmt.js";
import type { GoModel, GoType } from "./model.js";

const isUnion = (model: GoModel, t: GoType | undefined): boolean => model.declOf(t)?.kind === "union";
const isStruct = (model: GoModel, t: GoType | undefined): boolean => model.declOf(t)?.kind === "struct";

/** Structs travel by pointer, unions as their interface, anything else by value. */
const byRef = (model: GoModel, t: GoType): string =>
  isStruct(model, t) ? `*${typeString(t)}` : typeString(t);

function methodDoc(m: GoMethod, lead: string): string[] {
  const lines = comment(`${lead}${m.summary ? `: ${m.summary}` : "."}`);
  if (m.description) lines.push("//", ...comment(m.description));
  const access = [
    m.direction === "daemon" ? (m.grant ? `Grant: ${m.grant}.` : "No grant needed.") : "",
    m.localOnly ? "Local socket only: a gateway peer gets -32012 local_only." : "",
  ].filter((s) => s !== "");
  if (access.length > 0) lines.push("//", ...comment(access.join(" ")));
  return lines;
}

function emitCall(model: GoModel, m: GoMethod): string[] {
  const sig = ["ctx context.Context", ...(m.params ? [`params ${byRef(model, m.params)}`] : [])].join(", ");
  const lines = methodDoc(m, `${m.name} ${m.notification ? "sends the notification" : "calls"} ${m.wire}`);
  const send = m.params ? "params" : "struct{}{}";
  const nilGuard =
    m.params && isStruct(model, m.params)
      ? ["\tif params == nil {", `\t\tparams = &${typeString(m.params)}{}`, "\t}"]
      : [];
  if (m.notification || !m.result) {
    lines.push(
      `func (c *Client) ${m.name}(${sig}) error {`,
      ...nilGuard,
      `\treturn c.notify(ctx, "${m.wire}", ${send})`,
      "}",
    );
    return lines;
  }
  const r = m.result;
  lines.push(`func (c *Client) ${m.name}(${sig}) (${byRef(model, r)}, error) {`, ...nilGuard);
  if (isUnion(model, r)) {
    lines.push(
      "\tvar raw json.RawMessage",
      `\tif err := c.call(ctx, "${m.wire}", ${send}, &raw); err != nil {`,
      "\t\treturn nil, err",
      "\t}",
      `\treturn Decode${typeString(r)}(raw)`,
      "}",
    );
    return lines;
  }
  const zero = isStruct(model, r) ? "nil" : `result`;
  lines.push(
    `\tvar result ${typeString(r)}`,
    `\tif err := c.call(ctx, "${m.wire}", ${send}, &result); err != nil {`,
    `\t\treturn ${zero}, err`,
    "\t}",
    `\treturn ${isStruct(model, r) ? "&result" : "result"}, nil`,
    "}",
  );
  return lines;
}

/** Decoding a daemon → client message's params into `params`, returning `fail(err)` when that fails. */
function decodeParams(model: GoModel, t: GoType | undefined, fail: string): { lines: string[]; arg: string } {
  if (!t) return { lines: [], arg: "" };
  if (isUnion(model, t)) {
    return {
      lines: [
        `\t\tparams, err := Decode${typeString(t)}(raw)`,
        "\t\tif err != nil {",
        `\t\t\treturn ${fail}`,
        "\t\t}",
      ],
      arg: "params",
    };
  }
  return {
    lines: [
      `\t\tvar params ${typeString(t)}`,
      "\t\tif err := json.Unmarshal(raw, &params); err != nil {",
      `\t\t\treturn ${fail}`,
      "\t\t}",
    ],
    arg: isStruct(model, t) ? "&params" : "params",
  };
}

function emitHook(model: GoModel, m: GoMethod): string[] {
  const paramSig = m.params ? `params ${byRef(model, m.params)}` : "";
  if (m.notification) {
    const fnType = `func(${m.params ? byRef(model, m.params) : ""})`;
    const { lines: decode, arg } = decodeParams(model, m.params, "err");
    return [
      ...methodDoc(m, `On${m.name} sets the callback for the daemon → client notification ${m.wire}`),
      "//",
      ...comment(
        "The callback runs on the connection's reader goroutine, in arrival order: it must return quickly and must not wait for a call on this Client (hand the value to another goroutine for that).",
      ),
      `func (c *Client) On${m.name}(fn ${fnType}) {`,
      `\tc.setNotificationHandler("${m.wire}", func(raw json.RawMessage) error {`,
      ...decode,
      `\t\tfn(${arg})`,
      "\t\treturn nil",
      "\t})",
      "}",
    ];
  }
  const result = m.result ? byRef(model, m.result) : "any";
  const { lines: decode, arg } = decodeParams(model, m.params, "nil, invalidParams(err)");
  return [
    ...methodDoc(m, `${m.name}Handler answers the daemon → client request ${m.wire}`),
    `type ${m.name}Handler func(${["ctx context.Context", paramSig].filter((s) => s).join(", ")}) (${result}, error)`,
    "",
    ...comment(
      `Handle${m.name} sets the handler for ${m.wire}. Each request runs in its own goroutine, with a context cancelled when the Client closes; an *RPCError returned is sent as is, any other error as -32603. Without a handler the daemon gets -32601.`,
    ),
    `func (c *Client) Handle${m.name}(h ${m.name}Handler) {`,
    `\tc.setRequestHandler("${m.wire}", func(ctx context.Context, raw json.RawMessage) (any, error) {`,
    ...decode,
    `\t\treturn h(${["ctx", arg].filter((s) => s).join(", ")})`,
    "\t})",
    "}",
  ];
}

export function emitClientGo(api: GoApi, banner: string[]): string {
  const blocks = api.methods.map((m) =>
    m.direction === "daemon" ? emitCall(api.model, m) : emitHook(api.model, m),
  );
  const needsJSON =
    api.methods.some((m) => m.direction === "client") ||
    api.methods.some((m) => m.direction === "daemon" && isUnion(api.model, m.result));
  const imports = needsJSON ? ["import (", '\t"context"', '\t"encoding/json"', ")"] : ['import "context"'];
  const text = [...banner, "", "package zeroclaw", "", ...imports, ...blocks.flatMap((b) => ["", ...b])];
  return `${text.join("\n")}\n`;
}
