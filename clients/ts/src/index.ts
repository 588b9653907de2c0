// A typed client for the Genie Management Service: the types come from the
// service's OpenAPI document (src/schema.ts, generated), the requests are
// made by openapi-fetch. Every action is its own method-less path:
//
//   const genie = createGenieClient({ baseUrl, apiKey });
//   const { data, error } = await genie.POST("/v1/genies/create", { body: { name: "Helper" } });
//
// Requests to operations that create something carry a fresh
// Idempotency-Key automatically, so retrying them (see withRetry) is safe.
import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "./schema.js";
import { idempotentPaths } from "./operations.js";

export type { paths, components, operations } from "./schema.js";

export interface GenieClientOptions {
  /** The service's base URL, for example http://127.0.0.1:8080 */
  baseUrl: string;
  /** An API key (svc_live_… or svc_admin_…) or a session access token. */
  apiKey?: string;
  /** How many times to retry a 429 or 500 answer (default 3). */
  retries?: number;
  fetch?: typeof globalThis.fetch;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that retries 429 and 500 answers as the spec advises: backoff from
 * 1 s, doubling, with 0 to 500 ms of jitter, honouring Retry-After. The
 * same Request (and so the same Idempotency-Key) is sent each time.
 */
export function withRetry(retries: number, inner: typeof globalThis.fetch = globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const response = await inner(request.clone());
      if (attempt >= retries || (response.status !== 429 && response.status !== 500)) return response;
      const after = Number(response.headers.get("Retry-After"));
      const backoff = 1000 * 2 ** attempt + Math.random() * 500;
      await sleep(Number.isFinite(after) && after > 0 ? Math.max(after * 1000, backoff) : backoff);
    }
  };
}

/** Creates a typed client. */
export function createGenieClient(options: GenieClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: withRetry(options.retries ?? 3, options.fetch),
  });
  const auth: Middleware = {
    onRequest({ request, schemaPath }) {
      if (options.apiKey && !request.headers.has("Authorization")) {
        request.headers.set("Authorization", `Bearer ${options.apiKey}`);
      }
      if (idempotentPaths.has(schemaPath) && !request.headers.has("Idempotency-Key")) {
        request.headers.set("Idempotency-Key", crypto.randomUUID());
      }
      return request;
    },
  };
  client.use(auth);
  return client;
}
