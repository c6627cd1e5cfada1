// One daemon for the dashboard tests: the real daemon in-process with its gateway on a free port, the
// fake OpenAI-compatible server behind an agent whose bash needs approval, an admin user and a
// read-only one, each with a pairing token made over the local socket (as `zeroclaw pair` does).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { FakeOpenAi } from "./fake-openai-server.js";
import { REPO_ROOT } from "./proc-daemon.js";
import { RawClient } from "./raw-client.js";
import { startTestDaemon, type TestDaemon } from "./test-daemon.js";

export const API_KEY = "sk-dashboard-secret-123";

export type DashboardEnv = {
  d: TestDaemon;
  fake: FakeOpenAi;
  owner: RawClient;
  /** http://127.0.0.1:PORT, the page's origin. */
  origin: string;
  wsUrl: string;
  adminToken: string;
  readerToken: string;
  stop(): Promise<void>;
};

/** dist/dashboard/ from the current sources (npm run build does the same; this keeps a single test honest). */
export function buildDashboard(): void {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, "scripts", "build-dashboard.mjs")], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`build-dashboard failed: ${r.stderr}`);
}

export async function startDashboardEnv(): Promise<DashboardEnv> {
  const fake = await FakeOpenAi.start();
  const d = await startTestDaemon(`
[gateway]
enabled = true
port = 0

[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "${API_KEY}"
model = "m1"

[agents.coder]
provider = "fake"
allowed_tools = ["ask_user"]

[permission_profiles.boss]
admin = true

[permission_profiles.reader]
grants = { system = ["read"], config = ["read"], sessions = ["read"] }

[users.root]
permission_profiles = ["boss"]

[users.viewer]
permission_profiles = ["reader"]
`);
  const owner = await RawClient.connect(d.endpoint);
  await owner.initialize();
  const pair = async (user: string) =>
    ((await owner.request("pairing/create", { user, label: "dashboard test" })).result as { token: string })
      .token;
  const wsUrl = d.daemon.services.gatewayUrl();
  if (!wsUrl) throw new Error("gateway not running");
  return {
    d,
    fake,
    owner,
    origin: wsUrl.replace(/^ws:/, "http:").replace(/\/rpc$/, ""),
    wsUrl,
    adminToken: await pair("root"),
    readerToken: await pair("viewer"),
    async stop() {
      owner.close();
      await d.stop();
      await fake.close();
    },
  };
}
