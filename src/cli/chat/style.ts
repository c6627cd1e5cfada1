// Colours for the terminal chat and watch: only when writing to a TTY, never under NO_COLOR
// (https://no-color.org), forced with FORCE_COLOR=1. picocolors: tiny, no dependencies, no globals.
import pc from "picocolors";

export type Style = ReturnType<typeof pc.createColors>;

export function styleFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Style {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  const force = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "" && env.FORCE_COLOR !== "0";
  return pc.createColors(!noColor && (force || stream.isTTY === true));
}
