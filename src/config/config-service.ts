// The live config and the only way to change it (SPEC §6): one write lock; under it the caller's
// current permissions are resolved and every path checked before anything is staged; entries are
// staged in order into one candidate, validated as a whole, derived views built from it, then one
// durable write; only after that is anything live replaced. A failure anywhere changes nothing.
// The durable write is asynchronous (an fsync must not stall every connection), so a commit really
// awaits: without the lock a second batch would stage on the config the first is replacing and one of
// them would be lost (test/config.test.ts "two clients racing set-many", test/auth.test.ts "lost its
// rights while it waited" both fail with the lock removed).

import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { EffectiveConfig } from "../../generated/effective-config.js";
import { rpcErrors } from "../../generated/errors.js";
import { Grant, Method } from "../../generated/methods.js";
import type { Config } from "../../generated/types.js";
import { hasGrant, mayWriteConfigPath, type Principal } from "../auth/principal.js";
import { BUILTIN_AGENTS, BUILTIN_PROVIDERS, withBuiltins, withoutUntouchedBuiltins } from "./builtins.js";
import { coerce } from "./coerce.js";
import { ConfigError, configFilePath, readConfigFile, writeConfigFileDurably } from "./config-file.js";
import { forEachSecret, propSuggestion, schemaAt, unconfiguredEntry } from "./config-schema.js";
import { buildViews, type DerivedViews } from "./derived-views.js";
import { getAt, keyProblem, parseProp, pointerOf, setAt, valueProblem } from "./props.js";
import { lineOfKey } from "./toml-key-lines.js";
import { type ConfigProblem, referenceProblems, schemaProblems } from "./validate-config.js";

export const SECRET_MASK = "****";

export type ConfigEntry = { prop: string; value: unknown };

/** A config that passed validation, with defaults and built-ins filled in. */
export type LiveConfig = {
  /** What config.toml holds (what is written back). */
  readonly stored: Record<string, unknown>;
  /** stored + built-ins + schema defaults: what the daemon runs on (every defaulted member present). */
  readonly effective: EffectiveConfig;
  readonly views: DerivedViews;
};

/** Validates a stored config; returns the live config or the problems. */
export function evaluate(stored: Record<string, unknown>): { live?: LiveConfig; problems: ConfigProblem[] } {
  const effective = withBuiltins(structuredClone(stored) as Config);
  const schema = schemaProblems(effective);
  if (schema.length > 0) return { problems: schema };
  const refs = referenceProblems(effective);
  if (refs.length > 0) return { problems: refs };
  const { views, problems } = buildViews(effective);
  if (!views) return { problems };
  // The validator filled every default in place: this is what EffectiveConfig describes.
  return { live: { stored, effective: effective as EffectiveConfig, views }, problems: [] };
}

export function loadLiveConfig(configDir: string): LiveConfig {
  const file = configFilePath(configDir);
  const raw = readConfigFile(file);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw new ConfigError(`${file} is not a table`);
  // The file obeys config/set's key and depth rules (SPEC §17): checked before anything reads it.
  const bad = keyProblem(raw);
  if (bad) {
    const at = bad.path
      .map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`))
      .join("")
      .replace(/^\./, "");
    throw new ConfigError(`${file} is invalid: ${at || "(top level)"}: ${bad.message}`);
  }
  const { live, problems } = evaluate(raw as Record<string, unknown>);
  if (!live) {
    const text = readFileSync(file, "utf8");
    const lines = problems.map((p) => describeFileProblem(file, text, p, raw));
    throw new ConfigError(`${file} is invalid:\n${lines.join("\n")}`);
  }
  return live;
}

/**
 * One problem of config.toml as a person fixes it: `config.toml:3: /sesions: must NOT have additional
 * properties; did you mean sessions?` — the line it is on, and for a key that names nothing, the key
 * that was probably meant.
 */
function describeFileProblem(file: string, text: string, p: ConfigProblem, stored: unknown): string {
  const segments = p.path.split("/").slice(1).map(unescapePointer);
  const line = lineOfKey(text, segments);
  const unknownKey = p.message.includes("additional properties");
  const hint = unknownKey
    ? propSuggestion(segments.join("."), withBuiltins(structuredClone(stored) as Config))
    : builtinReplaced(segments, p.message);
  return `  ${line === undefined ? "" : `${basename(file)}:${line}: `}${p.path || "/"}: ${p.message}${hint}`;
}

/**
 * A table named like a built-in entry replaces it whole (SPEC §7), so `[agents.default]` with only a
 * system_prompt lacks the provider the built-in had: say which line keeps it.
 */
function builtinReplaced(segments: readonly string[], message: string): string {
  const [section, name] = segments;
  if (segments.length !== 2 || !message.includes("required property")) return "";
  const builtin =
    section === "agents"
      ? BUILTIN_AGENTS[name!]
      : section === "providers"
        ? BUILTIN_PROVIDERS[name!]
        : undefined;
  if (!builtin) return "";
  const keep = Object.entries(builtin)
    .map(([k, v]) => `${k} = ${JSON.stringify(v)}`)
    .join(", ");
  return ` (the table [${section}.${name}] replaces the built-in ${section}.${name} whole: add ${keep} to keep what it had)`;
}

const unescapePointer = (s: string): string => s.replace(/~1/g, "/").replace(/~0/g, "~");

export class ConfigService {
  private lock: Promise<unknown> = Promise.resolve();
  private current: LiveConfig;
  private readonly listeners: ((live: LiveConfig) => void)[] = [];

  constructor(
    private readonly configDir: string,
    initial: LiveConfig,
  ) {
    this.current = initial;
  }

  get live(): LiveConfig {
    return this.current;
  }

  /** Called after every successful commit, with the newly installed config. */
  onCommitted(listener: (live: LiveConfig) => void): void {
    this.listeners.push(listener);
  }

  /** config/get: the effective config or one prop of it, secrets masked. */
  get(prop: string | undefined): unknown {
    const masked = structuredClone(this.current.effective) as Record<string, unknown>;
    forEachSecret(masked, (path) => {
      if (getAt(masked, path) !== undefined) setAt(masked, path, SECRET_MASK);
    });
    if (prop === undefined) return masked;
    const segments = this.knownProp(prop, "/prop");
    return getAt(masked, segments) ?? null;
  }

  /**
   * config/set-many. `authorize` resolves the caller's principal under the lock (throwing -32010 if
   * the caller has none any more), so a revocation that lands while the caller waits is honoured.
   */
  setMany(
    entries: readonly ConfigEntry[],
    authorize: () => Principal,
    method: typeof Method.configSet | typeof Method.configSetMany = Method.configSetMany,
  ): Promise<string[]> {
    const run = this.lock.then(() => this.apply(entries, authorize(), method));
    this.lock = run.catch(() => undefined);
    return run;
  }

  private async apply(
    entries: readonly ConfigEntry[],
    principal: Principal,
    method: string,
  ): Promise<string[]> {
    // Checked again under the lock: the grant may have been revoked while this batch waited.
    if (!hasGrant(principal, Grant.configUpdate))
      throw rpcErrors.notGranted({ grant: Grant.configUpdate, method });
    entries.forEach((e, index) => {
      if (!mayWriteConfigPath(principal, e.prop))
        throw rpcErrors.configPathForbidden({ index, prop: e.prop });
    });

    // Built-in entries are real entries (SPEC §12): a write is staged on what config/get shows.
    const candidate = withBuiltins(structuredClone(this.current.stored) as Config) as Record<string, unknown>;
    entries.forEach((e, index) => {
      const segments = parseProp(e.prop);
      const unsafe = valueProblem(e.value);
      if (segments && unsafe) {
        throw rpcErrors.invalidEntry({
          index,
          prop: e.prop,
          errors: [{ path: pointerOf(segments), message: unsafe }],
        });
      }
      const node = segments && schemaAt(segments);
      if (!segments || !node) {
        const path = segments ? pointerOf(segments) : "";
        throw rpcErrors.invalidEntry({
          index,
          prop: e.prop,
          errors: [
            {
              path,
              message: `unknown config property ${e.prop}${propSuggestion(e.prop, this.current.effective)}`,
            },
          ],
        });
      }
      if (node.writeOnly && (e.value === SECRET_MASK || e.value === "")) {
        throw rpcErrors.invalidEntry({
          index,
          prop: e.prop,
          errors: [
            {
              path: pointerOf(segments),
              message: "a secret cannot be set to the mask or to an empty string",
            },
          ],
        });
      }
      const value = coerce(e.value, node);
      // Each entry's value is checked on its own first, so an invalid value fails the batch even when
      // a later entry for the same prop would have replaced it.
      const pointer = pointerOf(segments);
      // (In a config holding nothing else, so checking a batch stays linear in its size.)
      const alone: Record<string, unknown> = {};
      setAt(alone, segments, value);
      const own = schemaProblems(withBuiltins(alone as Config)).filter((p) => within(p.path, pointer));
      if (own.length > 0) throw rpcErrors.invalidEntry({ index, prop: e.prop, errors: own });
      setAt(candidate, segments, value);
    });

    // Every entry's value was valid on its own: what fails now is the candidate as a whole.
    const stored = withoutUntouchedBuiltins(candidate, this.current.stored);
    const { live, problems } = evaluate(stored);
    if (!live) throw rpcErrors.invalidConfig({ errors: this.withNewEntryHints(problems, entries) });
    try {
      // The one await of a commit: the lock is what keeps another batch from staging meanwhile.
      await writeConfigFileDurably(configFilePath(this.configDir), stored);
    } catch (err) {
      throw Object.assign(rpcErrors.internalError(`config write failed: ${(err as Error).message}`), {
        cause: err,
      });
    }
    this.current = live;
    for (const l of this.listeners) l(live);
    return entries.map((e) => e.prop);
  }

  /**
   * A write that makes a map entry the config lacks (`agents.defualt.system_prompt`) is usually a typo
   * of one it has: each problem inside such an entry ends with the prop most likely meant.
   */
  private withNewEntryHints<P extends { path: string; message: string }>(
    problems: P[],
    entries: readonly ConfigEntry[],
  ): P[] {
    const hints: Array<{ pointer: string; hint: string }> = [];
    for (const e of entries) {
      const segments = parseProp(e.prop);
      const at = segments && unconfiguredEntry(segments, this.current.effective);
      if (!segments || at === undefined) continue;
      const hint = propSuggestion(e.prop, this.current.effective);
      if (hint) hints.push({ pointer: pointerOf(segments.slice(0, at + 1)), hint });
    }
    return problems.map((p) => {
      const h = hints.find((x) => within(p.path, x.pointer));
      return h ? { ...p, message: `${p.message}${h.hint}` } : p;
    });
  }

  private knownProp(prop: string, at: string): string[] {
    const segments = parseProp(prop);
    if (!segments || !schemaAt(segments)) {
      const hint = propSuggestion(prop, this.current.effective);
      throw rpcErrors.invalidParams({
        errors: [{ path: at, message: `unknown config property ${prop}${hint}` }],
      });
    }
    return segments;
  }
}

const within = (path: string, pointer: string): boolean => path === pointer || path.startsWith(`${pointer}/`);
