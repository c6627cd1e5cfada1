// The daemon's handler table. Adding a method to openrpc.json makes this fail to compile until its
// handler is here.
import type { Handlers } from "../../generated/methods.js";
import type { HandlerContext } from "./context.js";
import { discover } from "./discover.js";
import { initialize } from "./initialize.js";
import { status } from "./status.js";

export const handlers = {
  initialize,
  status,
  "rpc.discover": discover,
} satisfies Handlers<HandlerContext>;
