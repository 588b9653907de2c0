// A small router over the History API: the console's pages are paths under
// /console/ (so that a mailed link's #fragment stays free for the session).
import { useEffect, useState } from "preact/hooks";

export const base = "/console";

export function route(): string {
  const p = window.location.pathname;
  return p.startsWith(base) ? p.slice(base.length) || "/" : "/";
}

const listeners = new Set<() => void>();

export function navigate(to: string, replace = false) {
  const url = base + to;
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  listeners.forEach((fn) => fn());
  window.scrollTo(0, 0);
}

export function useRoute(): string {
  const [r, setR] = useState(route());
  useEffect(() => {
    const fn = () => setR(route());
    listeners.add(fn);
    window.addEventListener("popstate", fn);
    return () => {
      listeners.delete(fn);
      window.removeEventListener("popstate", fn);
    };
  }, []);
  return r;
}
