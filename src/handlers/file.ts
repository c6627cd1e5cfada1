// file/attach and chunked uploads (SPEC §9). The dispatcher has checked files:create and (for the
// upload methods) that the connection is local; ownership and agent rights are checked here, at begin
// and again at commit against the policy in force then.
import { rpcErrors } from "../../generated/errors.js";
import { Grant, Method } from "../../generated/methods.js";
import type {
  FileAttachParams,
  FileAttachResult,
  FileEntry,
  FileUploadBeginParams,
  FileUploadBeginResult,
  FileUploadChunkParams,
  FileUploadChunkResult,
  FileUploadCommitParams,
} from "../../generated/types.js";
import { hasGrant, mayUseAgent, owns, type Principal } from "../auth/principal.js";
import { sha256Hex } from "../files/file-store.js";
import type { LiveSession } from "../sessions/live-session.js";
import type { HandlerContext } from "./context.js";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function checkRights(principal: Principal, session: LiveSession): void {
  if (!owns(principal, session.owner)) throw rpcErrors.sessionNotOwned({ session_id: session.id });
  if (!mayUseAgent(principal, session.agent)) throw rpcErrors.agentNotAllowed({ agent: session.agent });
}

export function fileAttach(params: FileAttachParams, { conn, daemon }: HandlerContext): FileAttachResult {
  const principal = conn.principal!;
  const decoded = params.files.map((f, i) => {
    if (f.data_b64.length % 4 !== 0 || !BASE64.test(f.data_b64)) {
      throw rpcErrors.invalidParams({
        errors: [{ path: `/files/${i}/data_b64`, message: "not valid base64" }],
      });
    }
    const bytes = Buffer.from(f.data_b64, "base64");
    daemon.uploads.checkShape(bytes.length, f.filename);
    return { filename: f.filename, bytes };
  });
  const session = daemon.sessions.forPrompt(params.session_id, principal, conn);
  checkRights(principal, session);
  const owner = { surface: session.mode, sessionId: session.id, workspaceDir: session.workspaceDir };
  return { files: decoded.map((f) => daemon.files.store(owner, f.filename, f.bytes)) };
}

export function fileUploadBegin(
  params: FileUploadBeginParams,
  { conn, daemon }: HandlerContext,
): FileUploadBeginResult {
  const principal = conn.principal!;
  daemon.uploads.checkShape(params.size_bytes, params.filename);
  const session = daemon.sessions.forPrompt(params.session_id, principal, conn);
  checkRights(principal, session);
  const upload = daemon.uploads.begin({
    connectionId: conn.id,
    sessionId: session.id,
    sessionGeneration: session.generation,
    owner: session.owner,
    agent: session.agent,
    filename: params.filename ?? "upload.bin",
    sha256: params.sha256?.toLowerCase(),
    size: params.size_bytes,
  });
  const files = daemon.config.live.effective.files;
  return { upload_id: upload.id, chunk_bytes: files.chunk_bytes, max_bytes: files.max_file_bytes };
}

export function fileUploadChunk(
  params: FileUploadChunkParams,
  { conn, daemon }: HandlerContext,
): FileUploadChunkResult {
  const received = daemon.uploads.chunk(conn.id, params.upload_id, params.offset, params.data_b64);
  return { upload_id: params.upload_id, received_bytes: received };
}

/**
 * One synchronous step (nothing can interleave in between): the same live session, then the caller's
 * credential, files:create, ownership and agent rights against the policy in force now, then the
 * write and the index. Any refusal leaves the upload staged.
 */
export function fileUploadCommit(
  params: FileUploadCommitParams,
  { conn, daemon }: HandlerContext,
): FileEntry {
  const upload = daemon.uploads.get(conn.id, params.upload_id);
  if (upload.received < upload.size) {
    throw rpcErrors.uploadIncomplete({ received_bytes: upload.received, size_bytes: upload.size });
  }
  const bytes = upload.buffer ?? Buffer.alloc(0);
  const actual = sha256Hex(bytes);
  if (upload.sha256 !== undefined && upload.sha256 !== actual) {
    throw rpcErrors.hashMismatch({ expected_sha256: upload.sha256, actual_sha256: actual });
  }
  const session = daemon.sessions.liveSession(upload.sessionId);
  if (!session || session.generation !== upload.sessionGeneration) {
    throw rpcErrors.sessionNotFound({ session_id: upload.sessionId });
  }
  const principal = daemon.authority.resolve(conn.credential!);
  if (!hasGrant(principal, Grant.filesCreate))
    throw rpcErrors.notGranted({ grant: Grant.filesCreate, method: Method.fileUploadCommit });
  checkRights(principal, session);
  const entry = daemon.files.store(
    { surface: session.mode, sessionId: session.id, workspaceDir: session.workspaceDir },
    upload.filename,
    bytes,
  );
  daemon.uploads.release(upload.id);
  return entry;
}
