// The daemon's handler table. Adding a method to openrpc.json makes this fail to compile until its
// handler is here.
import type { Handlers } from "../../generated/methods.js";
import { configGet, configSet, configSetMany } from "./config.js";
import type { HandlerContext } from "./context.js";
import { discover } from "./discover.js";
import { fileAttach, fileUploadBegin, fileUploadChunk, fileUploadCommit } from "./file.js";
import { initialize } from "./initialize.js";
import { pairingCreate, pairingList, pairingRevoke } from "./pairing.js";
import {
  sessionApprove,
  sessionCancel,
  sessionClose,
  sessionDelete,
  sessionKill,
  sessionList,
  sessionMessages,
  sessionNew,
  sessionPrompt,
} from "./session.js";
import { status } from "./status.js";
import { sessionSubscribe, sessionUnsubscribe } from "./subscription.js";

export const handlers = {
  initialize,
  status,
  "rpc.discover": discover,
  "config/get": configGet,
  "config/set": configSet,
  "config/set-many": configSetMany,
  "pairing/create": pairingCreate,
  "pairing/revoke": pairingRevoke,
  "pairing/list": pairingList,
  "session/new": sessionNew,
  "session/prompt": sessionPrompt,
  "session/cancel": sessionCancel,
  "session/approve": sessionApprove,
  "session/list": sessionList,
  "session/messages": sessionMessages,
  "session/close": sessionClose,
  "session/kill": sessionKill,
  "session/delete": sessionDelete,
  "session/subscribe": sessionSubscribe,
  "session/unsubscribe": sessionUnsubscribe,
  "file/attach": fileAttach,
  "file/upload/begin": fileUploadBegin,
  "file/upload/chunk": fileUploadChunk,
  "file/upload/commit": fileUploadCommit,
} satisfies Handlers<HandlerContext>;
