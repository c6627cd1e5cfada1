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
