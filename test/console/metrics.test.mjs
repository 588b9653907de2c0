// Table tests of the console's reader of the Prometheus text format
// (console/src/metrics.ts): the source is compiled with the console's own
// TypeScript (console/node_modules) and imported from a data: URL. Run by
// internal/console's TestMetricsParser; the last line printed is
// {"ok", "cases", "problems"}.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { deepStrictEqual } from "node:assert";

const require = createRequire(new URL("../../console/package.json", import.meta.url));
const ts = require("typescript");
const src = await readFile(new URL("../../console/src/metrics.ts", import.meta.url), "utf8");
const js = ts.transpileModule(src, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText;
const { parseMetrics, figures } = await import("data:text/javascript;base64," + Buffer.from(js).toString("base64"));

const problems = [];
let cases = 0;
function same(name, got, want) {
  cases++;
  try {
    deepStrictEqual(got, want);
  } catch {
    problems.push(`${name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}

// parseMetrics: one line in, the samples out.
const lines = [
  ["plain", "genie_webhook_backlog 3", [{ name: "genie_webhook_backlog", labels: {}, value: 3 }]],
  ["timestamp ignored", "up 1 1700000000000", [{ name: "up", labels: {}, value: 1 }]],
  ["float", "x_sum 0.000183715", [{ name: "x_sum", labels: {}, value: 0.000183715 }]],
  ["exponent", "x 1.5e+06", [{ name: "x", labels: {}, value: 1.5e6 }]],
  ["+Inf", 'x_bucket{le="+Inf"} +Inf', [{ name: "x_bucket", labels: { le: "+Inf" }, value: Infinity }]],
  ["NaN", "x NaN", [{ name: "x", labels: {}, value: NaN }]],
  [
    "labels",
    'genie_requests_total{action="list",code="UNAUTHORIZED",resource="genies",status="401"} 7',
    [
      {
        name: "genie_requests_total",
        labels: { action: "list", code: "UNAUTHORIZED", resource: "genies", status: "401" },
        value: 7,
      },
    ],
  ],
  ["empty label", 'x{action=""} 1', [{ name: "x", labels: { action: "" }, value: 1 }]],
  ["trailing comma", 'x{a="b",} 2', [{ name: "x", labels: { a: "b" }, value: 2 }]],
  [
    "escapes",
    'x{a="q\\"uote",b="back\\\\slash",c="new\\nline"} 1',
    [{ name: "x", labels: { a: 'q"uote', b: "back\\slash", c: "new\nline" }, value: 1 }],
  ],
  ["comma and brace in a value", 'x{a="1,2}"} 4', [{ name: "x", labels: { a: "1,2}" }, value: 4 }]],
  ["comment", "# HELP x a help text", []],
  ["type", "# TYPE x counter", []],
  ["blank", "   ", []],
  ["no value", "x", []],
  ["bad value", "x twelve", []],
  ["unclosed label", 'x{a="b 1', []],
  ["label without quotes", "x{a=b} 1", []],
  ["no name", '{a="b"} 1', []],
];
for (const [name, line, want] of lines) same(`parse ${name}`, parseMetrics(line), want);

// Garbage never throws.
for (const g of ["{", "}", 'x{a="', "x{=}", "x{a", "\\", "x{a=\"\\", "\u0000", "x{}} 1", "x{,,} 1"]) {
  cases++;
  try {
    parseMetrics(g);
  } catch (e) {
    problems.push(`garbage ${JSON.stringify(g)} threw ${e}`);
  }
}

// figures: what the health page shows, from a real page's shape.
const page = `# HELP genie_requests_total API requests.
# TYPE genie_requests_total counter
genie_requests_total{action="",code="INVALID_ACTION",resource="",status="405"} 1
genie_requests_total{action="list",code="",resource="genies",status="200"} 90
genie_requests_total{action="list",code="UNAUTHORIZED",resource="genies",status="401"} 6
genie_requests_total{action="send",code="INTERNAL_ERROR",resource="agent-mailboxes-self",status="500"} 3
# TYPE genie_request_duration_seconds histogram
genie_request_duration_seconds_bucket{action="list",resource="genies",le="+Inf"} 96
genie_request_duration_seconds_sum{action="list",resource="genies"} 0.48
genie_request_duration_seconds_count{action="list",resource="genies"} 96
genie_request_duration_seconds_sum{action="send",resource="agent-mailboxes-self"} 0.52
genie_request_duration_seconds_count{action="send",resource="agent-mailboxes-self"} 4
genie_mail_outbox_backlog 12
genie_webhook_backlog 0
genie_webhook_deliveries_failed 4
genie_webhook_endpoints_disabled 1
genie_mail_drafts 5
genie_mail_drafts_needing_person 2
go_goroutines 42
`;
same("figures", figures(parseMetrics(page)), {
  requests: 100,
  clientErrors: 7,
  serverErrors: 3,
  meanSeconds: 0.01,
  outboxBacklog: 12,
  webhookBacklog: 0,
  webhooksFailed: 4,
  endpointsDisabled: 1,
  draftsWaiting: 5,
  draftsNeedingPerson: 2,
  mailReceived: undefined,
  mailSent: undefined,
  topErrors: [
    { what: "genies list UNAUTHORIZED", status: "401", count: 6 },
    { what: "agent-mailboxes-self send INTERNAL_ERROR", status: "500", count: 3 },
    { what: " INVALID_ACTION", status: "405", count: 1 },
  ],
});
const none = figures([]);
same("figures of nothing", [none.requests, Number.isNaN(none.meanSeconds), none.outboxBacklog, none.topErrors], [
  0,
  true,
  undefined,
  [],
]);

console.log(JSON.stringify({ ok: problems.length === 0, cases, problems }));
