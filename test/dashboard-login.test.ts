// SPEC §18 on the daemon's side: dashboard/login codes (single use, expiring after
// gateway.login_code_ttl_ms, owner or admin only, the minting connection's credential), the loopback
// origins a gateway admits, the address a wildcard bind is opened at, and the gateway's page under an
// address it would refuse (a page naming the one to open) or under another loopback name (its CSP lets
// it connect back to that name). Real daemon, real sockets and HTTP.
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { LoginCodes } from "../src/auth/login-codes.js";
import { admittedOrigins, dashboardBase, isLoopbackHost } from "../src/daemon/gateway-origins.js";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await d?.stop();
  d = undefined;
});

async function owner(): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  closers.push(() => c.close());
  await c.initialize();
  return c;
}

async function ws(): Promise<WsRpcClient> {
  const c = await WsRpcClient.open(d!.daemon.services.gatewayUrl()!);
  closers.push(() => c.close());
  return c;
}

function get(
  url: string,
  host: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Host: host } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (t: string) => {
        body += t;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("LoginCodes", () => {
  it("a code works once, and not after it expired; only live codes are kept", () => {
    let now = 1000;
    const codes = new LoginCodes(() => now);
    const a = codes.mint({ kind: "local", uid: 7 }, 60_000);
    expect(a.code).toMatch(/^zcl_[A-Za-z0-9_-]{43}$/);
    expect(codes.redeem(a.code)).toEqual({ kind: "local", uid: 7 });
    expect(codes.redeem(a.code)).toBeUndefined();
    const b = codes.mint({ kind: "local", uid: 7 }, 60_000);
    now += 60_000;
    expect(codes.redeem(b.code)).toBeUndefined();
    codes.mint({ kind: "local", uid: 7 }, 10);
    now += 11;
    expect(codes.size).toBe(0);
    expect(codes.redeem("zcl_made-up")).toBeUndefined();
  });
});

describe("gateway origins", () => {
  it("a loopback or wildcard bind admits every loopback name; another host only its own origin", () => {
    const loop = admittedOrigins("127.0.0.1", 8080, []);
    expect([...loop].sort()).toEqual(["http://127.0.0.1:8080", "http://[::1]:8080", "http://localhost:8080"]);
    expect(admittedOrigins("0.0.0.0", 1, []).has("http://localhost:1")).toBe(true);
    expect([...admittedOrigins("192.168.1.5", 1, ["https://app.example.com/"])]).toEqual([
      "http://192.168.1.5:1",
      "https://app.example.com",
    ]);
    expect(["localhost", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1"].every(isLoopbackHost)).toBe(true);
    expect(["0.0.0.0", "10.0.0.1", "localhost.example.com", "::"].some(isLoopbackHost)).toBe(false);
    expect(dashboardBase("0.0.0.0", 5)).toBe("http://127.0.0.1:5/");
    expect(dashboardBase("::", 5)).toBe("http://[::1]:5/");
    expect(dashboardBase("::1", 5)).toBe("http://[::1]:5/");
  });
});

describe("dashboard/login", () => {
  it("mints a code for the owner whose URL opens the gateway's page, and signs a gateway connection in with it", async () => {
    d = await startTestDaemon("[gateway]\nenabled = true\nport = 0\n");
    const o = await owner();
    const r = (await o.request("dashboard/login", {})).result as {
      code: string;
      url: string;
      expires_at: string;
    };
    const base = d.daemon.services.gatewayUrl()!.replace(/^ws:/, "http:").replace(/rpc$/, "");
    expect(r.url).toBe(`${base}#login=${r.code}`);
    const ttl = Date.parse(r.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    const page = await ws();
    const init = await page.request("initialize", { protocolVersion: 1, login_code: r.code });
    expect(init.result).toMatchObject({ principal: { id: "owner", admin: true } });
    // A login code on the local socket is ignored, like a token: the OS says who the peer is.
    const local = await RawClient.connect(d.endpoint);
    closers.push(() => local.close());
    expect(
      (await local.request("initialize", { protocolVersion: 1, login_code: "zcl_bogus" })).result,
    ).toBeDefined();
  });

  it("a code past gateway.login_code_ttl_ms is refused", async () => {
    d = await startTestDaemon("[gateway]\nenabled = true\nport = 0\nlogin_code_ttl_ms = 50\n");
    const o = await owner();
    const { code } = (await o.request("dashboard/login", {})).result as { code: string };
    await new Promise((r) => setTimeout(r, 120));
    const page = await ws();
    const init = await page.request("initialize", { protocolVersion: 1, login_code: code });
    expect(init.error).toMatchObject({ code: -32010, data: { reason: "invalid_login_code" } });
  });

  it("a local non-admin is refused with admin_required; without a gateway the url is null", async () => {
    const uid = process.getuid?.();
    if (uid === undefined) return;
    d = await startTestDaemon(`
[security]
trust_daemon_uid = false

[permission_profiles.viewer]
grants = { pairing = ["manage"], system = ["read"], config = ["update"] }
config_write_paths = ["permission_profiles.*"]

[users.me]
uid = ${uid}
permission_profiles = ["viewer"]
`);
    const me = await owner();
    // status.in_effect is config: only for principals holding config:read.
    expect((await me.request("status", {})).result).not.toHaveProperty("in_effect");
    expect((await me.request("dashboard/login", {})).error).toMatchObject({
      code: -32012,
      data: { reason: "admin_required", method: "dashboard/login" },
    });
    expect(
      (await me.request("config/set", { prop: "permission_profiles.viewer.admin", value: true })).result,
    ).toBeDefined();
    // An admin now, but this daemon serves no gateway: a code, and no URL to open.
    const r = (await me.request("dashboard/login", {})).result as { url: unknown; code: string };
    expect(r.url).toBeNull();
    expect(r.code).toMatch(/^zcl_/);
  });
});

describe("the gateway's page under other addresses", () => {
  it("under localhost it is served with a CSP that lets it connect back to localhost; under a refused name, a page naming the address to open", async () => {
    d = await startTestDaemon("[gateway]\nenabled = true\nport = 0\n");
    const url = d.daemon.services.gatewayUrl()!.replace(/^ws:/, "http:").replace(/rpc$/, "");
    const port = new URL(url).port;
    const own = await get(url, `127.0.0.1:${port}`);
    const local = await get(url, `localhost:${port}`);
    if (own.status === 503) return; // dist/dashboard not built: dashboard-http.test.ts says so
    expect(own.status).toBe(200);
    expect(String(own.headers["content-security-policy"])).toContain(`connect-src ws://127.0.0.1:${port};`);
    expect(local.status).toBe(200);
    expect(String(local.headers["content-security-policy"])).toContain(`connect-src ws://localhost:${port};`);
    const refused = await get(url, `my-laptop.lan:${port}`);
    expect(refused.status).toBe(403);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.body).toContain(`href="http://127.0.0.1:${port}/"`);
    expect(refused.body).toContain("gateway.allowed_origins");
    expect(String(refused.headers["content-security-policy"])).toContain("script-src 'self'");
    // A Host that tries to inject markup is shown as text.
    const hostile = await get(url, `<script>x</script>:${port}`);
    expect(hostile.body).not.toContain("<script>");
  });
});
