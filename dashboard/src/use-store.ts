import { useEffect, useState } from "preact/hooks";
import type { State, Store } from "./store.js";

/** The store's current state; the component re-renders on every change. */
export function useStore(store: Store): State {
  const [state, setState] = useState(store.state);
  useEffect(() => {
    setState(store.state);
    return store.subscribe(() => setState(store.state));
  }, [store]);
  return state;
}

/** Re-renders every `ms` (the uptime and "x ago" cells move between polls). */
export function useTick(ms: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
