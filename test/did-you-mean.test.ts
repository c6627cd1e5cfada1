// The "did you mean" of every typed name: the distance itself (with a property), and where a config
// key or a config.toml key is written in the file.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { correctProp, unconfiguredEntry } from "../src/config/config-schema.js";
import { lineOfKey } from "../src/config/toml-key-lines.js";
import { closest, editDistance } from "../src/did-you-mean.js";

describe("editDistance / closest", () => {
  it("counts a swap of two neighbours as one edit", () => {
    expect(editDistance("stauts", "status")).toBe(1);
    expect(editDistance("defualt", "default")).toBe(1);
    expect(editDistance("sesions", "sessions")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("is a distance: zero only to itself, symmetric, within the longer length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d === 0).toBe(a === b);
        expect(editDistance(b, a)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it("suggests only what is close", () => {
    expect(closest("stauts", ["status", "session/new"])).toBe("status");
    expect(closest("session/lst", ["session/list", "session/new"])).toBe("session/list");
    expect(closest("xyz", ["status", "health"])).toBeUndefined();
  });
});

describe("config props", () => {
  const effective = { agents: { default: { provider: "echo" }, coder: { provider: "echo" } }, sessions: {} };
  it("corrects a typo in a section, a key, or a map entry that exists", () => {
    expect(correctProp(["sesions", "max_live"], effective)).toEqual(["sessions", "max_live"]);
    expect(correctProp(["sessions", "max_lvie"], effective)).toEqual(["sessions", "max_live"]);
    expect(correctProp(["agents", "defualt", "system_prompt"], effective)).toEqual([
      "agents",
      "default",
      "system_prompt",
    ]);
    expect(correctProp(["sessions", "max_live"], effective)).toBeUndefined();
  });
  it("names the map entry nobody configured", () => {
    expect(unconfiguredEntry(["agents", "defualt", "system_prompt"], effective)).toBe(1);
    expect(unconfiguredEntry(["agents", "default", "system_prompt"], effective)).toBeUndefined();
  });
});

describe("lineOfKey", () => {
  const text = `# settings
[rpc]
max_frame_bytes = 1

[sesions]
max_live = 3

[agents.default]
"system_prompt" = "x"
tools.bash.network = true
`;
  it("finds tables, plain, quoted and dotted keys", () => {
    expect(lineOfKey(text, ["sesions"])).toBe(5);
    expect(lineOfKey(text, ["rpc", "max_frame_bytes"])).toBe(3);
    expect(lineOfKey(text, ["agents", "default", "system_prompt"])).toBe(9);
    expect(lineOfKey(text, ["agents", "default", "tools", "bash"])).toBe(10);
    expect(lineOfKey(text, ["nowhere"])).toBeUndefined();
  });
});
