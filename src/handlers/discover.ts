import type { RpcDiscoverParams, RpcDiscoverResult } from "../../generated/types.js";
import document from "../../openrpc.json" with { type: "json" };

export function discover(_params: RpcDiscoverParams): RpcDiscoverResult {
  return document as unknown as RpcDiscoverResult;
}
