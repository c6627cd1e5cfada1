// SPEC §19 escapes, tried from inside a sandboxed bash by whichever user runs this script (the test runs
// it as root and, through setpriv, as an unprivileged user). Runs the built daemon code (dist/): the
// test copies this script and the three modules it needs into a folder every user can read (the
// checkout may be under a private home), as ./sessions/…. Argument: a directory this user owns.
// Prints one JSON object of what each escape got; test/bash-sandbox-root.test.ts judges it.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { BashSandbox, probeBwrap } from "./sessions/tools/bash-sandbox.js";
import { bashTool } from "./sessions/tools/bash-tool.js";

const base = process.argv[2];
const home = join(base, "home");
const configDir = join(base, "etc-zeroclaw");
const dataDir = join(base, "data");
const workspace = join(dataDir, "workspaces", "s1");
const open = join(base, "open");
for (const dir of [home, configDir, workspace, open, join(home, ".ssh")]) mkdirSync(dir, { recursive: true });
writeFileSync(join(configDir, "config.toml"), '[providers.p]\napi_key = "sk-live-provider-key"\n');
writeFileSync(join(home, ".ssh", "id_ed25519"), "PRIVATE KEY OF THE OWNER\n");
writeFileSync(join(dataDir, "zeroclaw.db"), "database bytes\n");
const paths = { home, configDir, dataDir, endpoint: join(dataDir, "daemon.sock"), runtimeDir: undefined };

// The environment of a daemon started by CI or a container: every name the issue found passing.
const SECRETS = {
  DATABASE_URL: "postgres://u:secret-db@h/db",
  MYSQL_PWD: "secret-mysql",
  CI_JOB_JWT: "secret-jwt",
  GH_PAT: "secret-ghpat",
  NPM_CONFIG__AUTH: "secret-npm",
  HTTP_AUTHORIZATION: "secret-http",
  OPENAI_API_KEY: "secret-openai",
};
Object.assign(process.env, SECRETS);

/** Unix socket servers outside every hidden dir: the open folder, and /run when this user may write it. */
const socketPaths = [join(open, "host.sock")];
if (process.getuid() === 0) {
  mkdirSync("/run/zc-sbx-test", { recursive: true });
  socketPaths.push(join("/run/zc-sbx-test", `host-${process.pid}.sock`));
}
let accepted = 0;
const servers = await Promise.all(
  socketPaths.map(
    (path) =>
      new Promise((resolve) => {
        const server = createServer((s) => {
          accepted++;
          s.end("hello from the host\n");
        });
        server.listen(path, () => resolve(server));
      }),
  ),
);

const probe = await probeBwrap(paths);
if (!probe.ok) {
  console.log(JSON.stringify({ skipped: probe.why }));
  for (const s of servers) s.close();
  process.exit(0);
}
const sandbox = new BashSandbox(probe, paths).plan("bwrap", false, [], workspace);

async function bash(command, plan = sandbox) {
  return bashTool.run(
    { command },
    {
      sessionId: "s1",
      workspaceDir: workspace,
      signal: new AbortController().signal,
      limits: { timeoutMs: 20_000, outputMaxBytes: 64 * 1024, askUserTimeoutMs: 1000 },
      sandbox: plan,
      elicit: undefined,
    },
  );
}

const out = { user: process.getuid(), sockets: {} };
out.status = await bash("grep -E '^Cap(Eff|Prm|Bnd)' /proc/self/status");
out.umountConfig = await bash(`umount ${configDir}; echo "rc=$?"; cat ${configDir}/config.toml`);
out.umountHome = await bash(`umount -l ${home}; echo "rc=$?"; ls -A ${home}; cat ${home}/.ssh/id_ed25519`);
out.umountData = await bash(`umount -l ${dataDir}; echo "rc=$?"; ls -A ${dataDir}`);
out.remount = await bash(
  `mount -o remount,rw /; echo "rc=$?"; echo escaped > ${base}/written-from-sandbox; echo "write=$?"`,
);
out.mountNew = await bash(`mount -t tmpfs none ${workspace}; echo "rc=$?"`);
out.env = await bash("env");
for (const path of socketPaths) {
  // socat exits non-zero when it cannot connect; the same command outside the sandbox is the control.
  out.sockets[path] = await bash(`socat -u UNIX-CONNECT:${path} STDOUT; echo "rc=$?"`);
}
out.acceptedFromSandbox = accepted;
// The control: unsandboxed, the same command reaches each socket (so the sandbox is what stops it).
out.control = {};
for (const path of socketPaths)
  out.control[path] = await bash(`socat -u UNIX-CONNECT:${path} STDOUT`, { kind: "off" });
out.secrets = SECRETS;
for (const s of servers) s.close();
console.log(JSON.stringify(out));
