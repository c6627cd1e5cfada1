import { isUtf8 } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NdjsonFramer } from "../src/transport/ndjson-framer.js";

type Out = { frames: { text: string; valid: boolean }[]; oversized: number; maxHeld: number };

function run(chunks: Buffer[], max: number): Out {
  const out: Out = { frames: [], oversized: 0, maxHeld: 0 };
  const framer = new NdjsonFramer(max, {
    frame: (text, valid) => out.frames.push({ text, valid }),
    oversized: () => out.oversized++,
  });
  for (const c of chunks) {
    framer.push(c);
    out.maxHeld = Math.max(out.maxHeld, framer.heldBytes);
  }
  return out;
}

/** Splits `buf` at the given cut points (sorted, deduplicated, within range). */
function split(buf: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (buf.length + 1)))].sort((a, b) => a - b);
  const parts: Buffer[] = [];
  let prev = 0;
  for (const p of [...points, buf.length]) {
    if (p > prev) parts.push(buf.subarray(prev, p));
    prev = p;
  }
  return parts;
}

describe("NdjsonFramer", () => {
  it("splits lines, drops blank lines and tolerates CRLF", () => {
    const out = run([Buffer.from('{"a":1}\n\n  \r\n{"b":2}\r\n{"c"'), Buffer.from(":3}\n")], 100);
    expect(out.frames.map((f) => f.text)).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it("accepts a frame of exactly the limit and rejects one byte more, newline excluded", () => {
    expect(run([Buffer.from(`${"x".repeat(10)}\n`)], 10).frames).toHaveLength(1);
    const over = run([Buffer.from(`${"x".repeat(11)}\n`)], 10);
    expect(over.frames).toHaveLength(0);
    expect(over.oversized).toBe(1);
  });

  it("rejects an oversized frame before its newline arrives and ignores everything after", () => {
    const out = run([Buffer.from("x".repeat(6)), Buffer.from("x".repeat(6)), Buffer.from('\n{"a":1}\n')], 10);
    expect(out.oversized).toBe(1);
    expect(out.frames).toHaveLength(0);
  });

  it("reports bytes that are not UTF-8 as invalid", () => {
    const out = run([Buffer.from([0x22, 0xff, 0xfe, 0x22, 0x0a])], 10);
    expect(out.frames).toEqual([{ text: expect.any(String), valid: false }]);
  });

  it("property: any split of a valid stream yields the same frames (multi-byte UTF-8 split included)", () => {
    const line = fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 40 })
      .filter((s) => !/[\n\r]/.test(s) && s.trim() !== "");
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.boolean(),
        (lines, cuts, crlf) => {
          const stream = Buffer.from(lines.map((l) => `${l}${crlf ? "\r\n" : "\n"}`).join(""));
          const whole = run([stream], 1 << 20);
          const pieces = run(split(stream, cuts), 1 << 20);
          const bytewise = run(
            [...stream].map((b) => Buffer.from([b])),
            1 << 20,
          );
          expect(pieces.frames).toEqual(whole.frames);
          expect(bytewise.frames).toEqual(whole.frames);
          expect(whole.frames.map((f) => f.text)).toEqual(lines);
          expect(whole.frames.every((f) => f.valid)).toBe(true);
        },
      ),
    );
  });

  it("property: no input makes it throw or hold more than max_frame_bytes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 64 }),
        (chunks, max) => {
          const out = run(
            chunks.map((c) => Buffer.from(c)),
            max,
          );
          expect(out.maxHeld).toBeLessThanOrEqual(max);
          for (const f of out.frames) expect(Buffer.byteLength(f.text)).toBeLessThanOrEqual(max * 3);
          expect(out.oversized).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("property: a frame is delivered iff its bytes before the newline fit the limit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), (len, max) => {
        const out = run([Buffer.from(`${"a".repeat(len)}\n`)], max);
        expect(out.frames.length).toBe(len <= max ? 1 : 0);
        expect(out.oversized).toBe(len <= max ? 0 : 1);
      }),
    );
  });

  /** The framer's contract computed on the whole byte stream at once, line by line. */
  function model(stream: Buffer, max: number): Omit<Out, "maxHeld"> {
    const out: Omit<Out, "maxHeld"> = { frames: [], oversized: 0 };
    let start = 0;
    for (;;) {
      const nl = stream.indexOf(0x0a, start);
      const end = nl === -1 ? stream.length : nl;
      if (end - start > max) {
        out.oversized = 1;
        return out;
      }
      if (nl === -1) return out;
      let line = stream.subarray(start, end);
      if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
      if (line.length > 0 && !line.every((b) => b === 0x20 || b === 0x09 || b === 0x0d))
        out.frames.push({ text: line.toString("utf8"), valid: isUtf8(line) });
      start = nl + 1;
    }
  }

  it("property: whatever the chunking, frames match the line-by-line model (many lines per chunk, CR, blanks, bad UTF-8, limit)", () => {
    // A small alphabet that makes every case likely: newlines, CR, blanks, JSON-ish bytes, the two
    // halves of "é", and a byte that is never UTF-8.
    const byte = fc.constantFrom(0x0a, 0x0a, 0x0d, 0x20, 0x09, 0x7b, 0x61, 0x22, 0xc3, 0xa9, 0xff);
    fc.assert(
      fc.property(
        fc.array(byte, { maxLength: 300 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 1, max: 40 }),
        (bytes, cuts, max) => {
          const stream = Buffer.from(bytes);
          const got = run(split(stream, cuts), max);
          expect({ frames: got.frames, oversized: got.oversized }).toEqual(model(stream, max));
        },
      ),
      { numRuns: 500 },
    );
  });
});
