// "Did you mean …?" for every name a person types: config keys, method names, config.toml tables.
// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions, so `stauts` is one edit
// from `status`): a dozen lines, so no dependency for it.

/** Edits (insert, delete, substitute, swap two adjacent characters) from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/**
 * The candidate closest to `typed`, if it is close enough to be what was meant: at most a third of the
 * typed length in edits (at least 1, at most 3), compared case-insensitively. Ties go to the first.
 */
export function closest(typed: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.min(3, Math.floor(typed.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  const t = typed.toLowerCase();
  for (const c of candidates) {
    if (c === typed) return c;
    const distance = editDistance(t, c.toLowerCase());
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return best;
}

/** "; did you mean X?" or "" — to end a message with. */
export const didYouMean = (typed: string, candidates: Iterable<string>): string => {
  const c = closest(typed, candidates);
  return c === undefined ? "" : `; did you mean ${c}?`;
};
