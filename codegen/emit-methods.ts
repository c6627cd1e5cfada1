// generated/methods.ts: the method table (direction, notification or request, grant, local-only,
// validators) and the typed maps the daemon's handlers and the client are checked against.
import type { OpenRpcDocument } from "./document.js";
import { paramsTypeName, resultTypeName } from "./emit-types.js";
import { buildModel, type MethodModel } from "./model.js";
import { camel } from "./names.js";

const union = (names: string[]): string =>
  names.length === 0 ? "never" : names.map((n) => JSON.stringify(n)).join(" | ");

export function emitMethods(doc: OpenRpcDocument, banner: string): string {
  const model = buildModel(doc);
  const side = (m: MethodModel): "daemon" | "client" =>
    m.direction === "client→daemon" ? "daemon" : "client";
  const by = (dir: "daemon" | "client", notification: boolean): string[] =>
    model.methods.filter((m) => side(m) === dir && m.notification === notification).map((m) => m.name);
  const grants = model.grants;
  const versions = model.protocolVersions;
  // Named constants for every wire name, so src/ spells none of them (`Method.configSet`, `Grant.configUpdate`).
  const constants = (values: string[]): string =>
    values.map((v) => `  ${camel(v)}: ${JSON.stringify(v)},`).join("\n");
  // Validators are exported per method (`<Method>Params`), whatever the component is called.
  const row = (m: MethodModel): string => {
    const p = paramsTypeName(m.name);
    const r = m.result ? resultTypeName(m.name) : undefined;
    return `  ${JSON.stringify(m.name)}: {
    name: ${JSON.stringify(m.name)},
    implementedBy: "${side(m)}",
    notification: ${m.notification},
    grant: ${m.grant ? JSON.stringify(m.grant) : "null"},
    localOnly: ${m.localOnly},
    notificationAllowed: ${m.notificationAllowed},
    validateParams: V.${p} as Validator,
    validateResult: ${r ? `V.${r} as Validator` : "null"},
  },`;
  };
  const paramsMap = model.methods.map((m) => `  ${JSON.stringify(m.name)}: T.${m.params.name};`);
  const resultsMap = model.methods.map(
    (m) => `  ${JSON.stringify(m.name)}: ${m.result ? `T.${m.result.name}` : "void"};`,
  );
  // What a handler may return in another dialect (x-dialects results), `never` where there is none.
  const dialectResultsMap = model.methods.map((m) => {
    const names = m.dialects.flatMap((d) => (d.result ? [`T.${d.result}`] : []));
    return `  ${JSON.stringify(m.name)}: ${names.length > 0 ? names.join(" | ") : "never"};`;
  });
  return `${banner}
import type * as T from "./types.js";
import * as V from "./validators.js";

export type ValidationError = {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
};
export type Validator = ((data: unknown) => boolean) & { errors?: ValidationError[] | null };

export type Grant = T.Grant;
export const GRANTS: readonly Grant[] = ${JSON.stringify(grants)};
/** Every grant by name: \`Grant.configUpdate\` is "config:update". */
export const Grant = {
${constants(grants)}
} as const satisfies Record<string, Grant>;

/** The protocol versions initialize accepts (InitializeResult.protocolVersion). */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly number[] = ${JSON.stringify(versions)};
/** The newest protocol version: what a client of this contract asks for. */
export const PROTOCOL_VERSION = ${Math.max(...versions)} as const;
/** The handshake method: the first call on every connection. */
export const HANDSHAKE_METHOD = "initialize" as const;

/** Client → daemon requests. */
export type DaemonRequestMethod = ${union(by("daemon", false))};
/** Client → daemon notifications. */
export type DaemonNotificationMethod = ${union(by("daemon", true))};
/** Daemon → client requests. */
export type ClientRequestMethod = ${union(by("client", false))};
/** Daemon → client notifications. */
export type ClientNotificationMethod = ${union(by("client", true))};
export type MethodName = DaemonRequestMethod | DaemonNotificationMethod | ClientRequestMethod | ClientNotificationMethod;
/** Every method by name: \`Method.configSet\` is "config/set". */
export const Method = {
${constants(model.methods.map((m) => m.name))}
} as const satisfies Record<string, MethodName>;

export type MethodParams = {
${paramsMap.join("\n")}
};
export type MethodResults = {
${resultsMap.join("\n")}
};
/** A method's result on a connection of another dialect (x-dialects, SPEC §13); never when the same. */
export type DialectResults = {
${dialectResultsMap.join("\n")}
};

export type MethodInfo = {
  readonly name: MethodName;
  readonly implementedBy: "daemon" | "client";
  readonly notification: boolean;
  /** The grant the dispatcher requires before calling the handler; null for the handshake. */
  readonly grant: Grant | null;
  /** Served on the local socket only. */
  readonly localOnly: boolean;
  /** A request method that also runs when sent as a notification (x-notification-allowed). */
  readonly notificationAllowed: boolean;
  readonly validateParams: Validator;
  readonly validateResult: Validator | null;
};

export const methodTable: { readonly [M in MethodName]: MethodInfo } = {
${model.methods.map(row).join("\n")}
};

/** Own-property lookup, so a wire name like "__proto__" or "toString" can never reach a handler. */
export function lookupMethod(name: string): MethodInfo | undefined {
  return Object.hasOwn(methodTable, name) ? methodTable[name as MethodName] : undefined;
}

/** What the daemon must implement: one handler per client → daemon request (notifications optional). */
export type Handlers<Ctx> = {
  [M in DaemonRequestMethod]: (
    params: MethodParams[M],
    ctx: Ctx,
  ) => MethodResults[M] | DialectResults[M] | Promise<MethodResults[M] | DialectResults[M]>;
} & {
  [M in DaemonNotificationMethod]?: (params: MethodParams[M], ctx: Ctx) => void;
};

/** What a client may implement: answers to daemon → client requests and notifications. */
export type ClientHandlers = {
  [M in ClientRequestMethod]?: (params: MethodParams[M]) => MethodResults[M] | Promise<MethodResults[M]>;
} & {
  [M in ClientNotificationMethod]?: (params: MethodParams[M]) => void;
};
`;
}
