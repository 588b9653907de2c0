// Runs the built client (dist/) against a running server: GENIE_URL and
// GENIE_TOKEN (a session token) come from the Go test that starts it.
// Prints one JSON line: {ok, steps}.
import { createGenieClient } from "../dist/index.js";

const steps = [];
const check = (cond, what) => {
  if (!cond) throw new Error("failed: " + what);
  steps.push(what);
};
const genie = createGenieClient({ baseUrl: process.env.GENIE_URL, apiKey: process.env.GENIE_TOKEN });

const key = await genie.POST("/v1/api-keys/create", { body: { name: "from the TS client" } });
check(key.response.status === 201 && key.data?.data.api_key.key?.startsWith("svc_"), "api-keys create (201, full key)");
const withKey = createGenieClient({ baseUrl: process.env.GENIE_URL, apiKey: key.data.data.api_key.key });

const made = await withKey.POST("/v1/genies/create", { body: { name: "Typed helper" } });
check(made.response.status === 201 && made.data?.data.genie.name === "Typed helper", "genies create");
check(made.response.headers.get("X-RateLimit-Limit") === "60", "rate-limit headers with an API key");
const id = made.data.data.genie.id;

const got = await withKey.POST("/v1/genies/get", { params: { query: { id } } });
check(got.data?.data.genie.id === id, "genies get by id query parameter");

const listed = await withKey.POST("/v1/genies/list", { body: { limit: 5 } });
check(listed.data?.data.count === 1 && listed.data.data.genies.length === 1, "genies list");

const link = await genie.POST("/v1/documents/create", { body: { name: "FAQ", content: "Opening hours: 9 to 5." } });
check(link.response.status === 201, "documents create");
const edit = await genie.POST("/v1/doc-edit-link/generate", { params: { query: { id: link.data.data.document.id } }, body: {} });
check(edit.response.status === 201 && edit.data?.data.link.path.startsWith("/update/"), "doc-edit-link generate");

// A retried create with one key acts once.
const idem = "smoke-" + crypto.randomUUID();
const a = await withKey.POST("/v1/genies/create", { body: { name: "Once" }, headers: { "Idempotency-Key": idem } });
const b = await withKey.POST("/v1/genies/create", { body: { name: "Once" }, headers: { "Idempotency-Key": idem } });
check(a.data?.data.genie.id === b.data?.data.genie.id && b.response.headers.get("Idempotent-Replayed") === "true", "idempotent retry");

const bad = await withKey.POST("/v1/genies/create", { body: { name: "" } });
check(bad.response.status === 400 && bad.error?.error.code === "VALIDATION_ERROR" && bad.error.error.field === "name", "typed error body");

const cats = await genie.POST("/v1/marketplace/categories", { body: {} });
check(cats.response.status === 200, "marketplace categories (mode omitted)");

console.log(JSON.stringify({ ok: true, steps }));
