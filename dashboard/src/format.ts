// Small display helpers: durations, relative times, JSON previews.

/** 93784000 → "1d 2h 3m"; under a minute → "42s". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

/** An ISO time as "12s ago" / "3m ago" / a date for anything older than a day. */
export function ago(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const ms = now - t;
  if (ms < 5000) return "just now";
  if (ms < 86_400_000) return `${duration(ms).split(" ")[0]} ago`;
  return new Date(t).toLocaleDateString();
}

/** A tool's input or output as readable text: strings as they are, everything else as JSON. */
export function preview(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The config as dotted props → leaf values, in document order (what config/set addresses). */
export function flatten(value: unknown, prefix = ""): [string, unknown][] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [[prefix, value]];
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [[prefix, value]];
  return entries.flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

/** A JSON text's value, or the text itself when it is not JSON (tool rows carry JSON inside strings). */
function unwrap(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!/^[[{]/.test(text)) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

const indent = (text: string, by = "  "): string =>
  text
    .split("\n")
    .map((l) => by + l)
    .join("\n");

/**
 * A tool's input or result for reading: an object's members one per line, multi-line strings (a
 * command's output) shown as they are, indented under their name instead of as "\n"-escaped JSON;
 * nested values as indented JSON.
 */
export function pretty(value: unknown): string {
  const v = unwrap(value);
  if (v === null || typeof v !== "object" || Array.isArray(v)) return typeof v === "string" ? v : preview(v);
  const lines: string[] = [];
  for (const [key, member] of Object.entries(v as Record<string, unknown>)) {
    const m = unwrap(member);
    if (typeof m === "string") {
      if (m.includes("\n")) lines.push(`${key}:`, indent(m.replace(/\n$/, "")));
      else lines.push(`${key}: ${m}`);
    } else if (m !== null && typeof m === "object") lines.push(`${key}:`, indent(preview(m)));
    else lines.push(`${key}: ${String(m)}`);
  }
  return lines.join("\n");
}

const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** A tool call's input in a few words: the command, the question, or compact JSON. */
export function summarizeInput(name: string, input: unknown): string {
  const v = unwrap(input) as Record<string, unknown> | null;
  if (v && typeof v === "object") {
    if (name === "bash" && typeof v.command === "string") return `$ ${oneLine(v.command, 120)}`;
    if (name === "ask_user" && typeof v.question === "string") return `? ${oneLine(v.question, 120)}`;
  }
  return oneLine(typeof v === "string" ? v : (JSON.stringify(v) ?? ""), 120);
}

/** A tool result in a few words: exit status and output size, the answer, or why it did not run. */
export function summarizeOutput(output: unknown): { text: string; bad: boolean } {
  const o = unwrap(output) as Record<string, unknown> | null;
  if (!o || typeof o !== "object") return { text: oneLine(String(o), 120), bad: false };
  if (o.denied === true)
    return { text: `denied${typeof o.reason === "string" ? ` (${o.reason})` : ""}`, bad: true };
  if (typeof o.error === "string") return { text: `error: ${oneLine(o.error, 100)}`, bad: true };
  if ("exit_code" in o) {
    const stdout = typeof o.stdout === "string" ? o.stdout : "";
    const lines = stdout === "" ? 0 : stdout.replace(/\n$/, "").split("\n").length;
    const status =
      o.timed_out === true
        ? "timed out"
        : o.signal
          ? `killed by ${String(o.signal)}`
          : `exit ${String(o.exit_code)}`;
    return {
      text: `${status} · ${lines} line${lines === 1 ? "" : "s"}`,
      bad: status !== "exit 0",
    };
  }
  if (typeof o.action === "string") {
    const answer = (o.content as { answer?: unknown } | undefined)?.answer;
    return {
      text: o.action === "accept" && answer !== undefined ? `answered ${JSON.stringify(answer)}` : o.action,
      bad: false,
    };
  }
  return { text: oneLine(JSON.stringify(o), 120), bad: false };
}
