// External `$ref`s (`other.json#/components/schemas/FELT`) brought into the document before it is read,
// so the reader, which resolves only `#/…` pointers, sees one self-contained document. Real specs split
// themselves over several files (Starknet's write and trace APIs point into its main API), and a
// generator that stops at the first external reference builds nothing for them.
//
// Each referenced value is copied into the root's `components` section its pointer names (a schema
// stays a schema under its own key, an error an error), so generated names are the ones its authors
// chose; a key the root already uses for something else gets `_2`, `_3`. References inside a copied
// value are relative to the file it came from and are followed the same way. Files are looked for next
// to the file that names them, then (as Starknet's own tooling does) in each directory above it, up to
// the ref root. A reference that reads nothing (a URL, a missing file, a pointer that goes nowhere) is an
// error naming the $ref (SPEC §19: anything else is exit 1): a client whose type silently became "any
// JSON" is not the client the document describes. The value is still made any JSON in the document
// returned, with a description saying why, for readers that go on regardless.
//
// A document is hostile input (SPEC §19): a file is read only when it lies below the ref root (the
// document's folder, or --ref-root DIR) once links are resolved, is a regular file (never /dev/zero, a
// FIFO, /dev/stdin) and holds at most 16 MiB. Anything else is an error naming the $ref (the command
// exits 1), and no byte of a file is ever echoed: a file that is not JSON is reported by name only.
import { closeSync, constants, existsSync, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { checkDeadline } from "./deadline.js";
import { escapeSegment, isObj, type Obj, type Place, structuralMembers } from "./document-view.js";

export type BundleResult = { document: Obj; warnings: string[]; errors: string[] };

/** The largest file an external $ref may name. */
export const MAX_REF_FILE_BYTES = 16 * 1024 * 1024;

/** The sections a pointer into another file's components may name, as the root keeps them. */
const SECTIONS = new Set([
  "schemas",
  "contentDescriptors",
  "errors",
  "examples",
  "examplePairings",
  "links",
  "tags",
]);

/** A pointer segment as a key (`%` escapes of a URI fragment first, then `~1`, `~0`). */
function decode(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded after all: take it as written.
  }
  return text.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** `refRoot`: the folder below which referenced files may be read (default: the document's own). */
export function bundleExternalRefs(document: Obj, documentPath: string, refRoot?: string): BundleResult {
  const path = resolve(documentPath);
  return new Bundler(document, path, realOrSelf(resolve(refRoot ?? dirname(path)))).run();
}

const realOrSelf = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

const within = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

class Refused extends Error {}

class Bundler {
  private readonly root: Record<string, unknown>;
  private readonly files = new Map<string, unknown>();
  /** `file#pointer` → the local `$ref` it became (so a value is copied once, and cycles end). */
  private readonly imported = new Map<string, string>();
  private readonly warnings: string[] = [];
  private readonly errors: string[] = [];

  constructor(
    document: Obj,
    private readonly rootPath: string,
    private readonly refRoot: string,
  ) {
    this.root = structuredClone(document) as Record<string, unknown>;
  }

  run(): BundleResult {
    this.files.set(this.rootPath, this.root);
    this.rewrite(this.root, this.rootPath);
    return { document: this.root, warnings: this.warnings, errors: this.errors };
  }

  /**
   * Rewrites every `$ref` under `value` (which came from `file`) to a local one. Data values (a default,
   * an example's value: structuralMembers) are left alone: a `$ref` member there is data, not a reference.
   */
  private rewrite(value: unknown, file: string): void {
    const stack: Place[] = [{ value, pointer: "", names: false }];
    while (stack.length > 0) {
      checkDeadline("reading the files external $refs name");
      const { value: cur, pointer, names } = stack.pop()!;
      if (Array.isArray(cur)) {
        // not push(...cur): 300,000 arguments overflow the stack
        for (const [i, v] of cur.entries())
          stack.push({ value: v, pointer: `${pointer}/${i}`, names: false });
        continue;
      }
      if (!isObj(cur)) continue;
      const node = cur as Record<string, unknown>;
      const ref = !names && Object.hasOwn(node, "$ref") ? node.$ref : undefined;
      if (typeof ref === "string" && (file !== this.rootPath || !ref.startsWith("#"))) {
        const local = this.localRef(ref, file);
        if (local !== undefined) node.$ref = local;
        else {
          delete node.$ref;
          const why = `$ref ${ref} (in ${file}) could not be loaded: typed as any JSON`;
          node.description = typeof node.description === "string" ? `${node.description} (${why})` : why;
        }
      }
      for (const [key, child] of structuralMembers(node, pointer, names))
        if (key !== "$ref" || names) stack.push(child);
    }
  }

  /** The local `#/components/…` ref for `ref` as written in `file`, importing its target once. */
  private localRef(ref: string, file: string): string | undefined {
    const hash = ref.indexOf("#");
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? "" : ref.slice(hash + 1);
    let target: string | undefined;
    try {
      target = filePart === "" ? file : this.locate(filePart, file);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      this.errors.push(`$ref ${ref} (in ${file}): ${err.message}`);
      return undefined;
    }
    if (target === undefined) {
      this.errors.push(
        /^[a-z][a-z0-9+.-]*:/i.test(filePart) && !filePart.startsWith("file:")
          ? `$ref ${ref} (in ${file}): a URL; only files below the ref root are read`
          : `$ref ${ref} (in ${file}): cannot find ${filePart} below the ref root ${this.refRoot}`,
      );
      return undefined;
    }
    const key = `${target}#${pointer}`;
    const known = this.imported.get(key);
    if (known !== undefined) return known;
    if (target === this.rootPath) return `#${pointer}`;
    let loaded: unknown;
    try {
      loaded = this.load(target);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      this.files.set(target, undefined);
      this.errors.push(`$ref ${ref} (in ${file}): ${err.message}`);
      return undefined;
    }
    if (loaded === NOT_JSON) {
      this.errors.push(`$ref ${ref} (in ${file}): ${target} is not a JSON document`);
      return undefined;
    }
    const value = this.pointAt(loaded, pointer);
    if (value === undefined) {
      this.errors.push(`$ref ${ref} (in ${file}): points at nothing in ${target}`);
      return undefined;
    }
    const segments = pointer
      .split("/")
      .filter((s) => s !== "")
      .map(decode);
    const [first, section, name] = segments;
    const inSection =
      first === "components" && section !== undefined && SECTIONS.has(section) && segments.length === 3;
    const where = inSection ? section : "schemas";
    const wanted = inSection ? name! : (segments.at(-1) ?? target.replace(/^.*\/|\.json$/g, ""));
    const copy = structuredClone(value);
    const local = this.place(where, wanted, copy);
    this.imported.set(key, local);
    // Its own references are relative to the file it came from.
    this.rewrite(copy, target);
    return local;
  }

  /** Puts `value` under components[section] as `wanted` (or `wanted_2`, … when taken by another value). */
  private place(section: string, wanted: string, value: unknown): string {
    const map = this.componentsOf(section);
    let name = wanted;
    for (let i = 2; Object.hasOwn(map, name); i++) name = `${wanted}_${i}`;
    map[name] = value;
    return `#/components/${section}/${escapeSegment(name)}`;
  }

  private componentsOf(section: string): Record<string, unknown> {
    if (!isObj(this.root.components)) this.root.components = {};
    const components = this.root.components as Record<string, unknown>;
    if (!isObj(components[section])) components[section] = {};
    return components[section] as Record<string, unknown>;
  }

  /**
   * A local file `rel` named from `from`: next to it, or in a directory above it up to the ref root.
   * Undefined when there is none (or it is a URL); Refused when it lies outside the ref root (links
   * resolved), is not a regular file, or is too large.
   */
  private locate(rel: string, from: string): string | undefined {
    if (/^[a-z][a-z0-9+.-]*:/i.test(rel) && !rel.startsWith("file:")) return undefined;
    let path = rel;
    try {
      path = rel.startsWith("file:") ? new URL(rel).pathname : decodeURIComponent(rel);
    } catch {
      // Not percent-encoded after all: take it as written.
    }
    const candidates: string[] = [];
    if (isAbsolute(path)) candidates.push(path);
    else
      for (let dir = dirname(from); ; dir = dirname(dir)) {
        candidates.push(join(dir, path));
        if (!within(dirname(dir), this.refRoot) || dirname(dir) === dir) break;
      }
    const found = candidates.find((c) => existsSync(c));
    if (found === undefined) {
      if (isAbsolute(path) && !within(resolve(path), this.refRoot))
        throw new Refused(`${path} is outside the ref root ${this.refRoot} (--ref-root DIR widens it)`);
      return undefined;
    }
    const real = realOrSelf(found);
    if (!within(real, this.refRoot))
      throw new Refused(`${found} is outside the ref root ${this.refRoot} (--ref-root DIR widens it)`);
    return real;
  }

  /** The file's JSON, read only if it is a regular file of at most MAX_REF_FILE_BYTES; NOT_JSON if it is not JSON. */
  private load(path: string): unknown {
    if (!this.files.has(path)) this.files.set(path, readJsonFile(path));
    return this.files.get(path);
  }

  private pointAt(doc: unknown, pointer: string): unknown {
    if (pointer !== "" && !pointer.startsWith("/")) return undefined;
    let cur = doc;
    for (const raw of pointer === "" ? [] : pointer.slice(1).split("/")) {
      const key = decode(raw);
      if (Array.isArray(cur) && /^(0|[1-9][0-9]*)$/.test(key)) cur = cur[Number(key)];
      else if (isObj(cur) && Object.hasOwn(cur, key)) cur = cur[key];
      else return undefined;
    }
    return cur;
  }
}

const NOT_JSON = Symbol("not JSON");

/**
 * Opens without following a final link and without blocking on a FIFO, checks what was opened (fstat:
 * no race with a swap), then reads at most the cap: /dev/zero, /dev/stdin and a FIFO never get read.
 */
function readJsonFile(path: string): unknown {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    throw new Refused(`${path} cannot be opened (${(err as NodeJS.ErrnoException).code ?? "error"})`);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new Refused(`${path} is not a regular file`);
    if (info.size > MAX_REF_FILE_BYTES) throw new Refused(`${path} is larger than 16 MiB`);
    const buffer = Buffer.alloc(info.size);
    let read = 0;
    while (read < info.size) {
      const n = readSync(fd, buffer, read, info.size - read, read);
      if (n === 0) break;
      read += n;
    }
    try {
      return JSON.parse(buffer.subarray(0, read).toString("utf8"));
    } catch {
      return NOT_JSON;
    }
  } finally {
    closeSync(fd);
  }
}
