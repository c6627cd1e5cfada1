// The Python target: planned. Its author replaces this file with the target (emit + README), on the
// model and the python naming table, following codegen/README.md ("Adding a language").
import { pythonNaming } from "../../naming/tables/python.js";
import type { Target } from "../target.js";

export const pythonTarget: Target = {
  lang: "python",
  aliases: [],
  displayName: "Python",
  naming: pythonNaming,
};
