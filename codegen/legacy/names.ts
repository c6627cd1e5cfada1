// LEGACY: read by the Python, Go and Rust targets in codegen/python|go|rust (our own clients/*) until
// each moves to the model (codegen/model/) as codegen/targets/<lang>/. Nothing new may import this.
// Mechanical names derived from wire names, so generated identifiers never drift from the document.

const words = (s: string): string[] => s.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

/** `session/prompt` → `SessionPrompt`, `rpc.discover` → `RpcDiscover`, `config/set-many` → `ConfigSetMany`. */
export const pascal = (wire: string): string => words(wire).map(cap).join("");

/** `frame_too_large` → `frameTooLarge`, `session/prompt` → `sessionPrompt`. */
export const camel = (wire: string): string => {
  const p = pascal(wire);
  return p.charAt(0).toLowerCase() + p.slice(1);
};
