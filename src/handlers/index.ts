// The daemon's handler table, keyed by the generated method names. Adding a method to openrpc.json
// makes this fail to compile until its handler is here.
import { type Handlers, Method } from "../../generated/methods.js";
import { agentsStatus } from "./agents.js";
import { configGet, configSet, configSetMany } from "./config.js";
import type { HandlerContext } from "./context.js";
import { discover } from "./discover.js";
import { fileAttach, fileUploadBegin, fileUploadChunk, fileUploadCommit } from "./file.js";
import { health } from "./health.js";
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
  [Method.initialize]: initialize,
  [Method.status]: status,
  [Method.health]: health,
  [Method.agentsStatus]: agentsStatus,
  [Method.rpcDiscover]: discover,
  [Method.configGet]: configGet,
  [Method.configSet]: configSet,
  [Method.configSetMany]: configSetMany,
  [Method.pairingCreate]: pairingCreate,
  [Method.pairingRevoke]: pairingRevoke,
  [Method.pairingList]: pairingList,
  [Method.sessionNew]: sessionNew,
  [Method.sessionPrompt]: sessionPrompt,
  [Method.sessionCancel]: sessionCancel,
  [Method.sessionApprove]: sessionApprove,
  [Method.sessionList]: sessionList,
  [Method.sessionMessages]: sessionMessages,
  [Method.sessionClose]: sessionClose,
  [Method.sessionKill]: sessionKill,
  [Method.sessionDelete]: sessionDelete,
  [Method.sessionSubscribe]: sessionSubscribe,
  [Method.sessionUnsubscribe]: sessionUnsubscribe,
  [Method.fileAttach]: fileAttach,
  [Method.fileUploadBegin]: fileUploadBegin,
  [Method.fileUploadChunk]: fileUploadChunk,
  [Method.fileUploadCommit]: fileUploadCommit,
} satisfies Handlers<HandlerContext>;
