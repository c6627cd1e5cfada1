import { Method } from "../../generated/methods.js";
import type {
  ConfigGetParams,
  ConfigGetResult,
  ConfigSetManyParams,
  ConfigSetManyResult,
  ConfigSetParams,
  ConfigSetResult,
} from "../../generated/types.js";
import type { HandlerContext } from "./context.js";

export function configGet(params: ConfigGetParams, { daemon }: HandlerContext): ConfigGetResult {
  return { prop: params.prop ?? null, value: daemon.config.get(params.prop) };
}

/** Resolves the caller's principal under the config lock, against the policy in force then. */
const authorizer = (ctx: HandlerContext) => () => ctx.daemon.authority.resolve(ctx.conn.credential!);

export async function configSet(params: ConfigSetParams, ctx: HandlerContext): Promise<ConfigSetResult> {
  await ctx.daemon.config.setMany(
    [{ prop: params.prop, value: params.value }],
    authorizer(ctx),
    Method.configSet,
  );
  return { prop: params.prop, set: true };
}

export async function configSetMany(
  params: ConfigSetManyParams,
  ctx: HandlerContext,
): Promise<ConfigSetManyResult> {
  const props = await ctx.daemon.config.setMany(params.sets, authorizer(ctx), Method.configSetMany);
  return { props, set: true };
}
