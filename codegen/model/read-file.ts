// Reading a file a hostile document names (SPEC §19): only a regular file, at most MAX_FILE_BYTES,
// checked on the open descriptor (fstat) so a swap between the check and the read changes nothing;
// opened O_NONBLOCK so a FIFO cannot block the open, O_NOFOLLOW so the final component is no link.
// Failures say what is wrong with the file, never what is in it.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { DocumentRefused, MAX_FILE_BYTES } from "./bounds.js";

/** The UTF-8 text of `path`, or a DocumentRefused (pointer `where`) saying why not. */
export function readRegularFile(path: string, where: string, maxBytes = MAX_FILE_BYTES): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    throw new DocumentRefused(`cannot open ${path} (${code === "ELOOP" ? "a symbolic link" : code})`, where);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new DocumentRefused(`${path} is not a regular file`, where);
    if (st.size > maxBytes)
      throw new DocumentRefused(`${path} is larger than ${maxBytes / 1024 / 1024} MiB`, where);
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** `text` parsed as JSON; a parse error names the position only (V8's message quotes the text). */
export function parseJsonQuietly(text: string, path: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    throw new DocumentRefused(`${path} is not JSON${m ? ` (error at byte offset ${m[1]})` : ""}`, where);
  }
}
