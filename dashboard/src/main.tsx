// Entry of the dashboard bundle (scripts/build-dashboard.mjs → dist/dashboard/app.js).
import { render } from "preact";
import { App } from "./app.js";
import { takeLoginCode } from "./login-code.js";
import { Store, TOKEN_KEY } from "./store.js";

const store = new Store();
// Leaving the page deletes a session it made and never prompted (the delete goes out before the tab's
// connection closes).
addEventListener("pagehide", () => store.leaveUnprompted());
const root = document.getElementById("app");
if (root) {
  render(<App store={store} />, root);
  performance.mark("zeroclaw:first-render");
}
// `zeroclaw dashboard` opens #login=CODE (a fragment never reaches a server or a log): the code is
// taken out of the address bar at once, so it is not in the history, a bookmark or a shared link.
const code = takeLoginCode(location);
if (code) void store.login(code);
else {
  const saved = sessionStorage.getItem(TOKEN_KEY);
  if (saved) void store.pair(saved);
}
