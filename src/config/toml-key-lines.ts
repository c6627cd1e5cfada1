// Where in config.toml a key was written, so a problem can name its line: smol-toml parses values but
// keeps no positions, so the file is scanned for table headers and `key = …` lines (dotted and quoted
// keys included). Multi-line strings and arrays are skipped over only roughly — enough to point a
// person at a line, never used to read a value.

const HEADER = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/;
const KEY_LINE =
  /^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=/;

function splitKey(text: string): string[] {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(?:\.|$)/gy;
  for (;;) {
    const m = re.exec(text);
    if (m === null || m[0] === "") return parts;
    parts.push(m[1] ?? m[2] ?? m[3] ?? "");
  }
}

const startsWith = (path: readonly string[], prefix: readonly string[]): boolean =>
  prefix.length <= path.length && prefix.every((s, i) => path[i] === s);

/** The 1-based line where the key at `segments` (or a table under it) is first written, if found. */
export function lineOfKey(text: string, segments: readonly string[]): number | undefined {
  if (segments.length === 0) return undefined;
  let table: string[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    const header = HEADER.exec(line);
    if (header) {
      table = splitKey(header[1]!);
      if (startsWith(table, segments)) return i + 1;
      continue;
    }
    const key = KEY_LINE.exec(line);
    if (key && startsWith([...table, ...splitKey(key[1]!)], segments)) return i + 1;
  }
  return undefined;
}
