// Reads the Prometheus text exposition format (version 0.0.4) that
// /metrics serves, and picks the figures the health page shows.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses "name{a="b",c="d"} value [timestamp]" lines; comments and malformed lines are skipped. */
export function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const s = parseLine(line);
    if (s) out.push(s);
  }
  return out;
}

function parseLine(line: string): Sample | null {
  let i = 0;
  while (i < line.length && /[a-zA-Z0-9_:]/.test(line[i] ?? "")) i++;
  const name = line.slice(0, i);
  if (!name) return null;
  const labels: Record<string, string> = {};
  if (line[i] === "{") {
    i++;
    for (;;) {
      while (line[i] === " " || line[i] === ",") i++;
      if (line[i] === "}") {
        i++;
        break;
      }
      const eq = line.indexOf("=", i);
      if (eq < 0 || line[eq + 1] !== '"') return null;
      const key = line.slice(i, eq).trim();
      let value = "";
      let j = eq + 2;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === "\\") {
          j++;
          value += line[j] === "n" ? "\n" : (line[j] ?? "");
        } else value += line[j];
      }
      if (j >= line.length) return null;
      labels[key] = value;
      i = j + 1;
    }
  }
  const rest = line.slice(i).trim().split(/\s+/);
  const v = rest[0] ?? "";
  const value = v === "+Inf" ? Infinity : v === "-Inf" ? -Infinity : Number(v);
  if (!v || (Number.isNaN(value) && v !== "NaN")) return null;
  return { name, labels, value };
}

export interface Figures {
  requests: number;
  clientErrors: number;
  serverErrors: number;
  /** Mean request duration in seconds (NaN without requests). */
  meanSeconds: number;
  outboxBacklog?: number;
  webhookBacklog?: number;
  /** Webhook deliveries that failed for good (retries used up, or their endpoint disabled). */
  webhooksFailed?: number;
  /** Webhook endpoints disabled after failing for the whole retry window. */
  endpointsDisabled?: number;
  draftsWaiting?: number;
  draftsNeedingPerson?: number;
  mailReceived?: number;
  mailSent?: number;
  /** The commonest error answers: resource, action, code and status with their count. */
  topErrors: { what: string; status: string; count: number }[];
}

const sum = (xs: Sample[]) => xs.reduce((a, s) => a + s.value, 0);

export function figures(samples: Sample[]): Figures {
  const by = (name: string) => samples.filter((s) => s.name === name);
  const one = (name: string) => {
    const xs = by(name);
    return xs.length ? sum(xs) : undefined;
  };
  const requests = by("genie_requests_total");
  const status = (s: Sample) => Number(s.labels["status"] ?? 0);
  const errors = requests.filter((s) => status(s) >= 400);
  const count = sum(by("genie_request_duration_seconds_count"));
  return {
    requests: sum(requests),
    clientErrors: sum(errors.filter((s) => status(s) < 500)),
    serverErrors: sum(errors.filter((s) => status(s) >= 500)),
    meanSeconds: count ? sum(by("genie_request_duration_seconds_sum")) / count : NaN,
    outboxBacklog: one("genie_mail_outbox_backlog"),
    webhookBacklog: one("genie_webhook_backlog"),
    webhooksFailed: one("genie_webhook_deliveries_failed"),
    endpointsDisabled: one("genie_webhook_endpoints_disabled"),
    draftsWaiting: one("genie_mail_drafts"),
    draftsNeedingPerson: one("genie_mail_drafts_needing_person"),
    mailReceived: one("genie_mail_received_messages"),
    mailSent: one("genie_mail_sent_messages"),
    topErrors: errors
      .map((s) => ({
        what: [s.labels["resource"], s.labels["action"]].filter(Boolean).join(" ") + ` ${s.labels["code"] ?? ""}`,
        status: s.labels["status"] ?? "",
        count: s.value,
      }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 5),
  };
}
