// Entry of the dashboard bundle (scripts/build-dashboard.mjs → dist/dashboard/app.js).
import { render } from "preact";
import { App } from "./app.js";
import { Store, TOKEN_KEY } from "./store.js";

const store = new Store();
const root = document.getElementById("app");
if (root) {
  render(<App store={store} />, root);
  performance.mark("zeroclaw:first-render");
}
const saved = sessionStorage.getItem(TOKEN_KEY);
if (saved) void store.pair(saved);
