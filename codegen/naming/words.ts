// Splitting any name a document uses (`session/prompt`, `eth_getBalance`, `Filecoin.ChainHead`,
// `link href`, `VERSION_MISMATCH`, `getHTTPResponse`, `uint64`) into words, and joining words in
// each case style. The one place this is decided; naming tables (./tables/) pick a style per kind.

/**
 * The words of a name: split on anything that is not a letter or digit, and on case humps
 * (`getHTTPResponse` → get, HTTP, Response). Digits stay with the word before them (`uint64`,
 * `V1`); a name written in capitals only (`VERSION_MISMATCH`) is read as lower-case words; a
 * plural acronym (`IDs`) is one word.
 */
export function words(name: string): string[] {
  const screaming = /[A-Z]/.test(name) && !/[a-z]/.test(name);
  const text = screaming ? name.toLowerCase() : name;
  // A plural acronym (`IDs`, `URLs`) is one word: `Chain IDs` → chain_ids, not chain_i_ds.
  return text.match(/[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])[0-9]*|[A-Z]?[a-z]+[0-9]*|[0-9]+[a-z]*[0-9]*/g) ?? [];
}

const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

/** `session/prompt` → `SessionPrompt`; the rest of each word kept as written (`HTTPServer`). */
export const pascal = (name: string): string => words(name).map(cap).join("");

/** `session/prompt` → `sessionPrompt`, `frame_too_large` → `frameTooLarge`. */
export function camel(name: string): string {
  const p = pascal(name);
  const first = words(name)[0] ?? "";
  // An all-capitals first word (`HTTPServer`) is lowered whole: `httpServer`, not `hTTPServer`.
  return /^[A-Z]+s?[0-9]*$/.test(first) && first.length > 1 && first !== `${first.charAt(0)}s`
    ? first.toLowerCase() + p.slice(first.length)
    : p.charAt(0).toLowerCase() + p.slice(1);
}

/** `getHTTPResponse` → `get_http_response`. */
export const snake = (name: string): string =>
  words(name)
    .map((w) => w.toLowerCase())
    .join("_");

/** `frameTooLarge` → `FRAME_TOO_LARGE`. */
export const screamingSnake = (name: string): string => snake(name).toUpperCase();

/** `simple-math` → `simplemath` (Go package names). */
export const flat = (name: string): string =>
  words(name)
    .map((w) => w.toLowerCase())
    .join("");

/** `Simple Math` → `simple-math` (npm and crate names). */
export const kebab = (name: string): string =>
  words(name)
    .map((w) => w.toLowerCase())
    .join("-");

/**
 * A type name from a logical name: kept as written when it already is a PascalCase identifier
 * (`SessionUpdateToolCall`, `HTTPServer`), else built from its words (`uint` → `Uint`).
 */
export const typeName = (name: string): string => (/^[A-Z][A-Za-z0-9]*$/.test(name) ? name : pascal(name));
