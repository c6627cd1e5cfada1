// node scripts/scenario-env.mjs [scenario.json]: starts the same world test/clients-scenario.test.ts
// runs each client's scenario program in (the fake OpenAI-compatible server scripted by
// clients/scenario.json, and a fresh daemon in temp dirs), prints `ZEROCLAW_SOCKET=<path>` and runs
// until Ctrl-C / SIGTERM, so a client's scenario program can be run by hand against it:
//   ZEROCLAW_SOCKET=<path> python3 clients/python/examples/scenario.py clients/scenario.json
// Needs `npm run build` first (the daemon runs from dist/).
import { resolve } from "node:path";
import { tsImport } from "tsx/esm/api";

const helper = new URL("../test/helpers/scenario-env.ts", import.meta.url);
const { startScenarioEnv, toolResults } = await tsImport(helper.href, import.meta.url);
const scenarioPath = process.argv[2] ? resolve(process.argv[2]) : undefined;
const world = await startScenarioEnv(scenarioPath);
console.log(`ZEROCLAW_SOCKET=${world.socket}`);
console.error(`daemon pid ${world.daemon.pid}, fake OpenAI server at ${world.fake.baseUrl}; Ctrl-C to stop`);

// Say what the model was told each time, so a failing program can be told from a failing daemon.
let seen = 0;
const report = setInterval(() => {
  for (; seen < world.fake.requests.length; seen++) {
    const results = toolResults(world.fake.requests[seen].body);
    console.error(`completion request ${seen + 1}: tool results ${JSON.stringify(results)}`);
  }
}, 250);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  clearInterval(report);
  await world.close();
  console.error(`stopped (${signal})`);
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
world.daemon.exited.then((exit) => {
  if (stopping) return;
  console.error(`the daemon exited on its own: ${JSON.stringify(exit)}\n${world.daemon.stderr}`);
  void world.close().then(() => process.exit(1));
});
