// The two things gofmt would change in our output, done here so codegen needs no Go toolchain (CI
// regenerates and diffs without one; test/clients-go-unit.test.ts runs `gofmt -l` where Go is installed):
// column alignment of consecutive struct fields and const specs, and nothing else — comments are
// wrapped by us and never contain what gofmt's doc-comment reformatting rewrites (lists, code blocks).

const WIDTH = 100;

/** `// ` lines for a description: paragraphs kept, lines joined and wrapped, leading markup neutralised. */
export function comment(text: string, indent = ""): string[] {
  const out: string[] = [];
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p.length > 0);
  for (const [i, p] of paragraphs.entries()) {
    if (i > 0) out.push(`${indent}//`);
    let line = "";
    for (const word of p.split(" ")) {
      // A line starting with a list marker or heading would be rewritten by gofmt's doc-comment formatter.
      const safe = line === "" && /^([-*+#]|\d+[.)])$/.test(word) ? `(${word})` : word;
      if (line !== "" && indent.length * 4 + 3 + line.length + 1 + safe.length > WIDTH) {
        out.push(`${indent}// ${line}`);
        line = safe;
      } else {
        line = line === "" ? safe : `${line} ${safe}`;
      }
    }
    if (line !== "") out.push(`${indent}// ${line}`);
  }
  return out;
}

/**
 * Aligns cells the way gofmt's tabwriter does within one section (consecutive lines, no comment or
 * blank line between): every cell but the last is padded to the widest in its column plus one space.
 */
export function align(rows: string[][], indent = "\t"): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.slice(0, -1).forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, [...cell].length);
    });
  }
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, i) =>
          i === row.length - 1 ? cell : cell + " ".repeat((widths[i] ?? 0) - [...cell].length + 1),
        )
        .join(""),
  );
}

/** Lines of items where an item may start with comment lines: comments break alignment sections. */
export function alignedBlock(items: { comment: string[]; cells: string[] }[], indent = "\t"): string[] {
  const out: string[] = [];
  let section: string[][] = [];
  const flush = (): void => {
    out.push(...align(section, indent));
    section = [];
  };
  for (const item of items) {
    if (item.comment.length > 0) {
      flush();
      out.push(...item.comment);
    }
    section.push(item.cells);
  }
  flush();
  return out;
}

/** A Go string literal (JSON's escapes are all valid Go escapes). */
export const goString = (s: string): string => JSON.stringify(s);
