// _generated_methods.py: `ClientMethods`, the mixin the hand-written client completes. One coroutine
// per client → daemon method (keyword-only typed params, typed result, grant and errors in the
// docstring), and one `on_<method>` hook per daemon → client request or notification.
import { implementedBy, isNotification, type MethodObject } from "../legacy/document.js";
import { allList, importList } from "./emit-types.js";
import { eventName, type PyModel, type PyType, paramsName, resultName } from "./model.js";
import { annotation, converter, encoded, namesUsed } from "./py-exprs.js";
import { docstring, errorClassName, methodName } from "./py-names.js";

const HEADER = `"""The protocol's methods, as the coroutines and hooks of \`\`ClientMethods\`\`.

\`\`ZeroclawClient\`\` (client.py) supplies the four transport primitives; everything here is derived
from openrpc.json.
"""

from __future__ import annotations

import abc
from collections.abc import Awaitable, Callable
from typing import Any, TypeAlias

from . import _codec as _c
`;

const PRIMITIVES = `    __slots__ = ()

    @abc.abstractmethod
    async def _request(self, method: str, params: dict[str, Any]) -> Any:
        """Sends a request and returns its result (raising the typed error it failed with)."""

    @abc.abstractmethod
    async def _notify(self, method: str, params: dict[str, Any]) -> None:
        """Sends a notification."""

    @abc.abstractmethod
    def _serve(self, method: str, handler: Callable[[Any], Awaitable[Any]]) -> None:
        """Answers the daemon's requests for \`\`method\`\` with \`\`handler\`\` (wire params → wire result)."""

    @abc.abstractmethod
    def _listen(self, method: str, listener: Callable[[Any], Awaitable[None] | None]) -> Callable[[], None]:
        """Adds a listener for the daemon's \`\`method\`\` notifications; returns its remover."""`;

export function emitMethods(model: PyModel, banner: string): string {
  const used = new Set<string>();
  const use = (t: PyType): void => {
    for (const n of namesUsed(model, t)) used.add(n);
  };
  const aliases: string[] = [];
  const bodies: string[] = [];
  for (const m of model.doc.methods) {
    if (implementedBy(m) === "daemon") bodies.push(call(model, m, use));
    else bodies.push(hook(model, m, use, aliases));
  }
  const decoders = [...used].flatMap((n) => {
    const conv = converter(model, { kind: "ref", name: n });
    return conv.startsWith("decode_") ? [n, conv] : [n];
  });
  const exported = ["ClientMethods", ...aliases.map((a) => a.split(":")[0] as string)];
  return `${banner}
${HEADER}${importList(decoders)}

${allList(exported)}

${aliases.join("\n")}


class ClientMethods(abc.ABC):
    """Every method of the zeroclaw protocol, typed; subclassed by \`\`ZeroclawClient\`\`."""

${PRIMITIVES}

${bodies.join("\n\n")}
`;
}

/** The fields a caller passes: everything but the `const` members, which the dataclass fixes. */
function paramsClass(model: PyModel, m: MethodObject) {
  let def = model.def(paramsName(m.name));
  while (def.kind === "alias" && def.type.kind === "ref") def = model.def(def.type.name);
  return def.kind === "class" ? def : undefined;
}

function methodDoc(m: MethodObject, extra: string[]): string {
  const parts = [m.summary ?? m.name];
  if (m.description && m.description !== m.summary) parts.push(m.description);
  parts.push(...extra);
  return parts.join("\n\n");
}

function call(model: PyModel, m: MethodObject, use: (t: PyType) => void): string {
  const cls = paramsClass(model, m);
  const pt: PyType = { kind: "ref", name: paramsName(m.name) };
  use(pt);
  const args: string[] = [];
  const docs: string[] = [];
  let build: string;
  if (cls) {
    use({ kind: "ref", name: cls.name });
    const fields = cls.fields.filter((f) => !(f.required && f.constValue !== undefined));
    for (const f of fields) {
      use(f.type);
      const ann = annotation(f.type);
      args.push(
        f.required ? `${f.attr}: ${ann}` : `${f.attr}: ${ann === "Any" ? ann : `${ann} | None`} = None`,
      );
      if (f.doc) docs.push(`    ${f.attr}: ${f.doc}`);
    }
    const one = `        params = ${cls.name}(${fields.map((f) => `${f.attr}=${f.attr}`).join(", ")})`;
    build =
      one.length <= 88
        ? one
        : `        params = ${cls.name}(\n${fields.map((f) => `            ${f.attr}=${f.attr},`).join("\n")}\n        )`;
  } else {
    args.push(`params: ${paramsName(m.name)}`);
    build = "";
  }
  const extra: string[] = [];
  if (docs.length > 0) extra.push(`Args:\n${docs.join("\n")}`);
  extra.push(m["x-grant"] ? `Grant: \`\`${m["x-grant"]}\`\`.` : "No grant needed.");
  if (m["x-local-only"])
    extra.push("Local connections only: a gateway peer gets ``ForbiddenError`` (``local_only``).");
  const raises = (m.errors ?? []).map((e) => e.$ref.split("/").pop() as string);
  if (raises.length > 0) {
    const lines = raises.map((name) => {
      const err = model.doc.components.errors[name];
      return `    ${errorClassName(name)}: ${err?.message ?? name} (${err?.code}).`;
    });
    extra.push(`Raises:\n${lines.join("\n")}`);
  }
  const name = methodName(m.name);
  const signature = signatureOf(name, args, isNotification(m) ? "None" : resultName(m.name));
  const doc = docstring(methodDoc(m, extra), "        ");
  const wire = cls ? "params.to_json()" : encoded(model, pt, "params");
  const head = `${signature}\n${doc}\n${build ? `${build}\n` : ""}`;
  if (isNotification(m)) return `${head}        await self._notify(${JSON.stringify(m.name)}, ${wire})`;
  const rt: PyType = { kind: "ref", name: resultName(m.name) };
  use(rt);
  return `${head}        result = await self._request(${JSON.stringify(m.name)}, ${wire})
        return ${converter(model, rt)}(result)`;
}

function signatureOf(name: string, args: string[], returns: string): string {
  const all = ["self", ...(args.length > 0 ? ["*", ...args] : [])];
  const one = `    async def ${name}(${all.join(", ")}) -> ${returns}:`;
  if (one.length <= 88) return one;
  return `    async def ${name}(\n${all.map((a) => `        ${a},`).join("\n")}\n    ) -> ${returns}:`;
}

function hook(model: PyModel, m: MethodObject, use: (t: PyType) => void, aliases: string[]): string {
  const name = `on_${methodName(m.name)}`;
  const description = methodDoc(m, []);
  if (isNotification(m)) {
    const event = eventName(m.name);
    use({ kind: "ref", name: event });
    const alias = `${event}Listener`;
    aliases.push(`${alias}: TypeAlias = Callable[[${event}], Awaitable[None] | None]`);
    const doc = `Calls \`\`listener\`\` with every \`\`${m.name}\`\` notification, decoded, in arrival order.\n\n${description}\n\nListeners run on the connection's reader, before any later message is read: a coroutine listener is awaited there, so it must not wait on a call to the daemon. Returns a function that removes the listener.`;
    return `    def ${name}(self, listener: ${alias}) -> Callable[[], None]:
${docstring(doc, "        ")}
        decode = ${converter(model, { kind: "ref", name: event })}
        return self._listen(${JSON.stringify(m.name)}, lambda params: listener(decode(params)))`;
  }
  const pt: PyType = { kind: "ref", name: paramsName(m.name) };
  const rt: PyType = { kind: "ref", name: resultName(m.name) };
  use(pt);
  use(rt);
  const alias = `${pascalOf(m)}Handler`;
  aliases.push(`${alias}: TypeAlias = Callable[[${paramsName(m.name)}], Awaitable[${resultName(m.name)}]]`);
  const doc = `Answers the daemon's \`\`${m.name}\`\` requests with \`\`handler\`\` (replacing any earlier one).\n\n${description}\n\nThe handler gets the decoded params and returns the result; raising a \`\`ZeroclawError\`\` answers with that error. Returns the handler, so this works as a decorator.`;
  return `    def ${name}(self, handler: ${alias}) -> ${alias}:
${docstring(doc, "        ")}
        decode = ${converter(model, pt)}

        async def serve(params: Any) -> Any:
            result = await handler(decode(params))
            return ${encoded(model, rt, "result")}

        self._serve(${JSON.stringify(m.name)}, serve)
        return handler`;
}

const pascalOf = (m: MethodObject): string => paramsName(m.name).replace(/Params$/, "");
