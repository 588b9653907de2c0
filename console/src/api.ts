// The console's one door to the service: the generated client (clients/ts)
// for /v1 and /auth/v1, with the session kept in this browser.
import { createGenieClient, type paths } from "@genie/client";
import { t } from "./strings";

export interface Session {
  access_token: string;
  refresh_token?: string;
  /** Unix seconds. */
  expires_at?: number;
  email: string;
  role: string;
  /** "session" (embedded provider) or "key" (an API key). */
  kind: "session" | "key";
}

const storeKey = "genie-console-session";
const origin = window.location.origin;
const anon = createGenieClient({ baseUrl: origin, retries: 1 });

function load(): Session | null {
  try {
    const raw = localStorage.getItem(storeKey) ?? sessionStorage.getItem(storeKey);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

let current: Session | null = load();
let client = current ? createGenieClient({ baseUrl: origin, apiKey: current.access_token }) : anon;
const listeners = new Set<() => void>();

export function session(): Session | null {
  return current;
}

export function onSession(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function setSession(s: Session | null) {
  current = s;
  client = s ? createGenieClient({ baseUrl: origin, apiKey: s.access_token }) : anon;
  localStorage.removeItem(storeKey);
  sessionStorage.removeItem(storeKey);
  // An API key lives only as long as the tab; a session (refreshable,
  // revocable at sign-out) survives a reload, as supabase-js keeps it.
  if (s) (s.kind === "key" ? sessionStorage : localStorage).setItem(storeKey, JSON.stringify(s));
  listeners.forEach((fn) => fn());
}

/** An error the console can show: the API's code and message, and the field it names. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

interface AuthSessionBody {
  access_token: string;
  refresh_token: string;
  expires_at?: number;
  expires_in: number;
  user: { email?: string; role?: string; app_metadata?: Record<string, unknown> };
}

function authError(error: unknown, status: number): ApiError {
  const e = (error ?? {}) as { msg?: string; error_code?: string; message?: string };
  const msg = e.msg ?? e.message ?? t.failed;
  const field = /password/i.test(msg) ? "password" : /email/i.test(msg) ? "email" : undefined;
  return new ApiError(msg, e.error_code ?? "auth_error", status, field);
}

function roleOf(user: AuthSessionBody["user"]): string {
  const r = user.app_metadata?.["genie_role"];
  return typeof r === "string" ? r : "user";
}

function fromAuth(body: AuthSessionBody): Session {
  return {
    access_token: body.access_token,
    refresh_token: body.refresh_token,
    expires_at: body.expires_at ?? Math.floor(Date.now() / 1000) + body.expires_in,
    email: body.user.email ?? "",
    role: roleOf(body.user),
    kind: "session",
  };
}

async function guard<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(t.networkError, "NETWORK", 0);
  }
}

/** Whether the embedded sign-in provider answers (false: an external one is configured). */
export async function embeddedAuth(): Promise<{ enabled: boolean; signup: boolean }> {
  const { data, response } = await guard(anon.GET("/auth/v1/settings"));
  if (!response.ok || !data) return { enabled: false, signup: false };
  const d = data as { disable_signup?: boolean };
  return { enabled: true, signup: !d.disable_signup };
}

export async function signIn(email: string, password: string): Promise<void> {
  const { data, error, response } = await guard(
    anon.POST("/auth/v1/token", { params: { query: { grant_type: "password" } }, body: { email, password } }),
  );
  if (!data) throw authError(error, response.status);
  setSession(fromAuth(data as AuthSessionBody));
}

/** Signs up; false when the address must be confirmed before signing in. */
export async function signUp(email: string, password: string): Promise<boolean> {
  const { data, error, response } = await guard(anon.POST("/auth/v1/signup", { body: { email, password } }));
  if (!data) throw authError(error, response.status);
  const body = data as Partial<AuthSessionBody>;
  if (!body.access_token) return false;
  setSession(fromAuth(body as AuthSessionBody));
  return true;
}

export async function recover(email: string): Promise<void> {
  const redirect_to = `${origin}/console/reset`;
  const { error, response } = await guard(
    anon.POST("/auth/v1/recover", {
      body: { email },
      // The provider takes redirect_to in the query, as GoTrue does.
      params: { query: { redirect_to } } as never,
    }),
  );
  if (!response.ok) throw authError(error, response.status);
}

/**
 * Takes the session a mailed link put in the URL fragment
 * (#access_token=…&type=recovery) and clears it from the address bar.
 * Returns the link's type, or null when the URL holds none.
 */
export async function sessionFromURL(): Promise<string | null> {
  const frag = new URLSearchParams(window.location.hash.slice(1));
  history.replaceState(null, "", window.location.pathname + window.location.search);
  if (frag.get("error_description")) throw new ApiError(t.auth.linkInvalid, "link", 400);
  const access = frag.get("access_token");
  if (!access) return null;
  const c = createGenieClient({ baseUrl: origin, apiKey: access });
  const { data, error, response } = await guard(c.GET("/auth/v1/user"));
  if (!data) throw authError(error, response.status);
  const user = data as AuthSessionBody["user"];
  setSession({
    access_token: access,
    refresh_token: frag.get("refresh_token") ?? undefined,
    expires_at: Number(frag.get("expires_at")) || undefined,
    email: user.email ?? "",
    role: roleOf(user),
    kind: "session",
  });
  return frag.get("type");
}

export async function setPassword(password: string): Promise<void> {
  await fresh();
  const { error, response } = await guard(client.PUT("/auth/v1/user", { body: { password } }));
  if (!response.ok) throw authError(error, response.status);
}

/** Signs in with an API key: checked by a call that any key may make. */
export async function useKey(key: string): Promise<void> {
  const c = createGenieClient({ baseUrl: origin, apiKey: key.trim(), retries: 0 });
  const { error, response } = await guard(c.POST("/v1/genies/list", { body: { limit: 1 } }));
  if (!response.ok) throw apiError(error, response.status);
  const role = key.trim().startsWith("svc_admin_") ? "internal_admin" : "user";
  setSession({ access_token: key.trim(), email: "", role, kind: "key" });
}

export async function signOut(): Promise<void> {
  const s = current;
  if (s?.kind === "session") {
    const c = createGenieClient({ baseUrl: origin, apiKey: s.access_token, retries: 0 });
    await c.POST("/auth/v1/logout").catch(() => undefined);
  }
  // Cleared after the logout answers, so that the caller's navigation comes
  // in the same turn and the sign-in form is not shown (and typed into)
  // before the page's focus moves to its heading.
  setSession(null);
}

let refreshing: Promise<void> | null = null;

/** Refreshes the session a minute before it expires (one refresh at a time: refresh tokens are single-use). */
async function fresh(): Promise<void> {
  const s = current;
  if (!s || s.kind !== "session" || !s.refresh_token || !s.expires_at) return;
  if (s.expires_at - 60 > Date.now() / 1000) return;
  refreshing ??= (async () => {
    const { data } = await guard(
      anon.POST("/auth/v1/token", {
        params: { query: { grant_type: "refresh_token" } },
        body: { refresh_token: s.refresh_token },
      }),
    );
    if (data) setSession({ ...fromAuth(data as AuthSessionBody), role: s.role });
    else setSession(null);
  })().finally(() => {
    refreshing = null;
  });
  await refreshing;
}

function apiError(error: unknown, status: number): ApiError {
  const e = ((error ?? {}) as { error?: { code?: string; message?: string; field?: string } }).error ?? {};
  let field = e.field;
  if (field?.startsWith("data.")) field = field.slice(5);
  return new ApiError(e.message ?? t.failed, e.code ?? "INTERNAL_ERROR", status, field);
}

// The action paths and what they take and return, from the generated types.
type ActionPath = {
  [P in keyof paths]: P extends `/v1/${string}/${string}` ? (paths[P] extends { post: unknown } ? P : never) : never;
}[keyof paths];
type Post<P extends ActionPath> = paths[P] extends { post: infer O } ? O : never;
export type BodyOf<P extends ActionPath> =
  Post<P> extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
type Ok<R> = R extends { 200: infer A } ? A : R extends { 201: infer A } ? A : never;
type DataOf<P extends ActionPath> =
  Ok<Post<P> extends { responses: infer R } ? R : never> extends { content: { "application/json": { data: infer D } } }
    ? D
    : never;

/**
 * Calls an action through the generated client and returns its data, or
 * throws an ApiError. A session that has ended signs the console out.
 */
export async function call<P extends ActionPath>(path: P, body?: BodyOf<P>, id?: string): Promise<DataOf<P>> {
  await fresh();
  const init = { body: (body ?? {}) as never, params: (id ? { query: { id } } : {}) as never };
  const res = (await guard(client.POST(path as never, init as never))) as {
    data?: { data: DataOf<P> };
    error?: unknown;
    response: Response;
  };
  if (res.data) return res.data.data;
  const err = apiError(res.error, res.response.status);
  if (err.status === 401 && current?.kind === "session" && err.code === "INVALID_TOKEN") {
    setSession(null);
    throw new ApiError(t.auth.expired, err.code, 401);
  }
  throw err;
}

/** Calls GET /readyz (the health page); no credential needed. */
export async function readiness(): Promise<{ ok: boolean; detail: string }> {
  const { data, response } = (await guard(anon.GET("/readyz" as never))) as { data?: unknown; response: Response };
  return { ok: response.ok, detail: JSON.stringify(data ?? {}) };
}

/**
 * Reads GET /metrics (the Prometheus text format; not an API path, so
 * plain fetch). Null when this address does not serve them (--metrics-addr
 * moved or turned them off).
 */
export async function metricsText(): Promise<string | null> {
  const r = await guard(fetch(`${origin}/metrics`, { headers: { Accept: "text/plain" } }));
  if (r.status === 404) return null;
  if (!r.ok) throw new ApiError(t.failed, "METRICS", r.status);
  return r.text();
}
