// Admin screens: the submissions queue, preselected voices, system email
// previews in a frame with test sends, the team's mail credentials, and the
// health page (readiness and the figures of /metrics).
import { useEffect, useRef, useState } from "preact/hooks";
import type { components } from "@genie/client";
import { ApiError, call, metricsText, readiness, session } from "../api";
import { figures, parseMetrics } from "../metrics";
import { base } from "../router";
import { t } from "../strings";
import {
  DeleteButton,
  ErrorNote,
  Failure,
  Field,
  Listed,
  Loading,
  Notice,
  PageTitle,
  usePage,
  Table,
  When,
  useAction,
  useLoad,
} from "../ui";

type Submission = components["schemas"]["MarketplaceSubmission"];
type Status = Submission["status"];
const statuses: Status[] = ["pending", "under_review", "approved", "rejected"];
const pageSize = 20;

export function Submissions() {
  const [status, setStatus] = useState<Status>("pending");
  const list = usePage(
    pageSize,
    (page) =>
      call("/v1/marketplace/submissions", { status, ...page }) as Promise<{ items: Submission[]; count: number }>,
    [status],
  );
  return (
    <>
      <PageTitle>{t.admin.submissionsTitle}</PageTitle>
      <div class="field narrow">
        <label for="sub-status">{t.admin.status}</label>
        <select
          id="sub-status"
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as Status);
            list.page.onPage(0);
          }}
        >
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s.replace("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <Listed state={list} count={(d) => d.count} empty={t.admin.noSubmissions}>
        {(data) => (
          <>
            <ul class="cards">
              {data.items.map((s) => (
                <SubmissionCard key={s.id} s={s} onDone={list.reload} />
              ))}
            </ul>
          </>
        )}
      </Listed>
    </>
  );
}

function SubmissionCard(props: { s: Submission; onDone: () => void }) {
  const { s } = props;
  const [notes, setNotes] = useState(s.admin_notes ?? "");
  const act = useAction();
  const data = s.submission_data as Record<string, unknown>;
  const name = typeof data["display_name"] === "string" ? data["display_name"] : s.id;
  const move = (mode: "approve" | "reject" | "under-review") =>
    act.run(async () => {
      await call("/v1/marketplace/submissions", { mode, submission_id: s.id, admin_notes: notes || null });
      props.onDone();
    });
  return (
    <li class="panel">
      <h2>{name}</h2>
      <p class="meta">
        <span class={`badge ${s.status}`}>{s.status.replace("_", " ")}</span> · <When at={s.created_at} />
      </p>
      <pre class="json" tabIndex={0}>
        {JSON.stringify(data, null, 2)}
      </pre>
      <Field
        label={t.admin.notes}
        name="admin_notes"
        value={notes}
        onInput={setNotes}
        error={act.error}
        multiline
        rows={2}
      />
      <ErrorNote error={act.error} fields={["admin_notes"]} />
      <div class="buttons">
        <button type="button" class="primary" disabled={act.busy} onClick={() => move("approve")}>
          {t.admin.approve}
        </button>
        <button type="button" disabled={act.busy || s.status === "under_review"} onClick={() => move("under-review")}>
          {t.admin.underReview}
        </button>
        <button type="button" class="danger" disabled={act.busy} onClick={() => move("reject")}>
          {t.admin.reject}
        </button>
      </div>
    </li>
  );
}

export function Voices() {
  const list = useLoad(() => call("/v1/preselected-voices/list", {}), []);
  const [voiceId, setVoiceId] = useState("");
  const [label, setLabel] = useState("");
  const [gender, setGender] = useState<"male" | "female">("female");
  const act = useAction();
  const voices = (list.data?.voices ?? []).flatMap((v) => (v ? [v] : []));
  return (
    <>
      <PageTitle>{t.admin.voicesTitle}</PageTitle>
      <form
        class="panel inline"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (await act.run(() => call("/v1/preselected-voices/create", { voice_id: voiceId, label, gender }))) {
            setVoiceId("");
            setLabel("");
            list.reload();
          }
        }}
      >
        <Field
          label={t.admin.voiceId}
          name="voice_id"
          value={voiceId}
          onInput={setVoiceId}
          error={act.error}
          required
        />
        <Field label={t.admin.label} name="label" value={label} onInput={setLabel} error={act.error} required />
        <div class="field">
          <label for="voice-gender">{t.admin.gender}</label>
          <select
            id="voice-gender"
            value={gender}
            onChange={(e) => setGender(e.currentTarget.value as "male" | "female")}
          >
            <option value="female">female</option>
            <option value="male">male</option>
          </select>
        </div>
        <button type="submit" class="primary" disabled={act.busy}>
          {t.create}
        </button>
        <ErrorNote error={act.error} fields={["voice_id", "label", "gender"]} />
      </form>
      <Listed state={list} count={() => voices.length} empty={t.admin.noVoices}>
        {() => (
          <Table
            columns={[
              t.admin.label,
              { label: t.admin.voiceId, wide: true },
              t.admin.active,
              { label: t.edit, hidden: true },
            ]}
          >
            {voices.map((v) => (
              <tr key={v.id}>
                <td>{v.label}</td>
                <td class="wide mono">{v.voice_id}</td>
                <td>
                  <label>
                    <input
                      type="checkbox"
                      checked={v.is_active}
                      onChange={async (e) => {
                        const on = e.currentTarget.checked;
                        if (await act.run(() => call("/v1/preselected-voices/update", { is_active: on }, v.id)))
                          list.reload();
                      }}
                    />
                    <span class="sr-only">
                      {t.admin.active}: {v.label}
                    </span>
                  </label>
                </td>
                <td class="row-actions">
                  <DeleteButton
                    what={v.label}
                    onConfirm={async () => {
                      if (await act.run(() => call("/v1/preselected-voices/delete", {}, v.id))) list.reload();
                    }}
                  />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Listed>
    </>
  );
}

type Template = "welcome_business" | "welcome_consumer" | "access_approved" | "access_request";
const templates: Template[] = ["welcome_business", "welcome_consumer", "access_approved", "access_request"];

/**
 * Shows an email's HTML in a frame that runs no script: a blank page the
 * server sends with its own CSP (the email's inline styles, nothing else),
 * sandboxed, into which the HTML is written.
 */
function EmailFrame(props: { html: string; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const doc = ref.current?.contentDocument;
    if (!loaded || !doc) return;
    // Parsed in the frame's document, so under the frame's CSP.
    doc.documentElement.innerHTML = props.html;
  }, [props.html, loaded]);
  return (
    <iframe
      ref={ref}
      class="email"
      title={props.title}
      src={`${base}/email-frame`}
      sandbox="allow-same-origin"
      onLoad={() => setLoaded(true)}
    />
  );
}

export function Emails() {
  const [template, setTemplate] = useState<Template>("welcome_business");
  const [recipient, setRecipient] = useState("");
  const [notice, setNotice] = useState("");
  const preview = useLoad(() => call("/v1/system-emails/preview", { template }), [template]);
  const act = useAction();
  return (
    <>
      <PageTitle>{t.admin.emailsTitle}</PageTitle>
      <div class="field narrow">
        <label for="email-template">{t.admin.template}</label>
        <select id="email-template" value={template} onChange={(e) => setTemplate(e.currentTarget.value as Template)}>
          {templates.map((x) => (
            <option key={x} value={x}>
              {x.replace("_", " ")}
            </option>
          ))}
        </select>
      </div>
      {preview.loading && !preview.data && <Loading />}
      {preview.error && <Failure error={preview.error} retry={preview.reload} />}
      {preview.data && <EmailFrame html={preview.data.html} title={`${t.admin.preview}: ${template}`} />}
      {notice && <Notice>{notice}</Notice>}
      <form
        class="panel inline"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setNotice("");
          if (await act.run(() => call("/v1/system-emails/sendTest", { template, recipient })))
            setNotice(t.mailbox.sent);
        }}
      >
        <Field
          label={t.admin.recipient}
          name="recipient"
          type="email"
          value={recipient}
          onInput={setRecipient}
          error={act.error}
        />
        <button type="submit" disabled={act.busy}>
          {t.admin.sendTest}
        </button>
        <ErrorNote error={act.error} fields={["recipient"]} />
      </form>
    </>
  );
}

export function Health() {
  const ready = useLoad(() => readiness(), []);
  const metrics = useLoad(() => metricsText().then((m) => (m == null ? null : figures(parseMetrics(m)))), []);
  const n = (x?: number) => (x == null ? t.admin.notServed : x.toLocaleString());
  const m = metrics.data;
  return (
    <>
      <PageTitle>{t.admin.healthTitle}</PageTitle>
      {ready.loading && !ready.data && <Loading />}
      {ready.error && <Failure error={ready.error} retry={ready.reload} />}
      {ready.data && (
        <div class="panel">
          <p>
            <span class={`badge ${ready.data.ok ? "ok" : "failed"}`}>
              {ready.data.ok ? t.admin.ready : t.admin.notReady}
            </span>
          </p>
          <pre class="json" tabIndex={0}>
            {ready.data.detail}
          </pre>
        </div>
      )}
      <section class="panel" aria-labelledby="metrics-h">
        <h2 id="metrics-h">{t.admin.metricsTitle}</h2>
        <p class="hint">{t.admin.metricsHelp}</p>
        {metrics.loading && !metrics.data && <Loading />}
        {metrics.error && <Failure error={metrics.error} retry={metrics.reload} />}
        {metrics.data === null && <p>{t.admin.noMetrics}</p>}
        {m && (
          <>
            <dl class="figures">
              <Figure label={t.admin.requests} value={n(m.requests)} />
              <Figure
                label={t.admin.serverErrors}
                value={n(m.serverErrors)}
                mark={m.serverErrors > 0 ? "bad" : undefined}
              />
              <Figure label={t.admin.clientErrors} value={n(m.clientErrors)} />
              <Figure
                label={t.admin.meanDuration}
                value={Number.isNaN(m.meanSeconds) ? t.none : `${(m.meanSeconds * 1000).toFixed(1)} ms`}
              />
              <Figure label={t.admin.outboxBacklog} value={n(m.outboxBacklog)} mark={warnIf(m.outboxBacklog)} />
              <Figure label={t.admin.webhookBacklog} value={n(m.webhookBacklog)} mark={warnIf(m.webhookBacklog)} />
              <Figure label={t.admin.webhooksFailed} value={n(m.webhooksFailed)} mark={warnIf(m.webhooksFailed)} />
              <Figure
                label={t.admin.endpointsDisabled}
                value={n(m.endpointsDisabled)}
                mark={warnIf(m.endpointsDisabled)}
              />
              <Figure
                label={t.admin.draftsWaiting}
                value={
                  n(m.draftsWaiting) +
                  (m.draftsNeedingPerson ? ` (${t.admin.needingPerson(m.draftsNeedingPerson)})` : "")
                }
              />
              <Figure label={t.admin.mail} value={t.admin.mailCounts(n(m.mailReceived), n(m.mailSent))} />
            </dl>
            {m.topErrors.length > 0 && (
              <Table compact caption={t.admin.topErrors} columns={[t.admin.answer, t.admin.httpStatus, t.admin.count]}>
                {m.topErrors.map((e) => (
                  <tr key={e.what + e.status}>
                    <td class="mono">{e.what}</td>
                    <td>{e.status}</td>
                    <td>{e.count.toLocaleString()}</td>
                  </tr>
                ))}
              </Table>
            )}
          </>
        )}
      </section>
      <button
        type="button"
        onClick={() => {
          ready.reload();
          metrics.reload();
        }}
      >
        {t.admin.refresh}
      </button>
    </>
  );
}

type KeyState = { status: string; revokedAt: string | null; tenantId: string };

/** The caller's team's mail tenant credentials: register, check, reprovision. */
export function MailCredentials() {
  const [state, setState] = useState<KeyState | null | undefined>(undefined);
  const [notice, setNotice] = useState("");
  const [owner, setOwner] = useState(session()?.email ?? "");
  const [tenant, setTenant] = useState("");
  const [tenantName, setTenantName] = useState("");
  const [key, setKey] = useState("");
  const act = useAction();
  const reg = useAction();
  const check = () =>
    act.run(async () => {
      setNotice("");
      try {
        setState(await call("/v1/agent-mailboxes-self/check-tenant-key", {}));
      } catch (e) {
        // No credentials for the team is an answer, not a failure.
        if (e instanceof ApiError && e.status === 404) setState(null);
        else throw e;
      }
    });
  return (
    <>
      <PageTitle>{t.admin.mailTitle}</PageTitle>
      <section class="panel" aria-labelledby="team-key-h">
        <h2 id="team-key-h">{t.admin.teamKey}</h2>
        <p class="hint">{t.admin.teamKeyHelp}</p>
        {state === null && <p>{t.admin.noCredentials}</p>}
        {state && (
          <dl class="facts">
            <dt>{t.admin.tenant}</dt>
            <dd class="mono">{state.tenantId}</dd>
            <dt>{t.admin.status}</dt>
            <dd>
              <span class={`badge ${state.status === "active" ? "ok" : "failed"}`}>{state.status}</span>
              {state.revokedAt && (
                <>
                  {" "}
                  · {t.admin.revokedAt} <When at={state.revokedAt} />
                </>
              )}
            </dd>
          </dl>
        )}
        {notice && <Notice>{notice}</Notice>}
        <div class="buttons">
          <button type="button" disabled={act.busy} onClick={() => void check()}>
            {t.admin.checkKey}
          </button>
          <button
            type="button"
            class="danger"
            disabled={act.busy || state === null}
            onClick={async () => {
              if (!window.confirm(t.admin.reprovisionConfirm)) return;
              const r = await act.run(() => call("/v1/agent-mailboxes-self/reprovision-tenant-key", {}));
              if (r) {
                await check();
                setNotice(t.admin.reprovisioned(r.tenantId));
              }
            }}
          >
            {t.admin.reprovision}
          </button>
        </div>
        <ErrorNote error={act.error} />
      </section>
      <form
        class="panel form"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const r = await reg.run(() =>
            call("/v1/mail-tenant-credentials/upsert", {
              owner_email: owner,
              tenant_id: tenant,
              api_key: key,
              tenant_name: tenantName || null,
            }),
          );
          if (r) {
            setKey("");
            setNotice(t.admin.registered(owner));
          }
        }}
      >
        <h2>{t.admin.register}</h2>
        <p class="hint">{t.admin.registerHelp}</p>
        <Field
          label={t.admin.ownerEmail}
          name="owner_email"
          type="email"
          value={owner}
          onInput={setOwner}
          error={reg.error}
        />
        <Field label={t.admin.tenant} name="tenant_id" value={tenant} onInput={setTenant} error={reg.error} />
        <Field
          label={t.admin.tenantName}
          name="tenant_name"
          value={tenantName}
          onInput={setTenantName}
          error={reg.error}
        />
        <Field
          label={t.admin.tenantKey}
          name="api_key"
          type="password"
          autoComplete="off"
          value={key}
          onInput={setKey}
          error={reg.error}
        />
        <ErrorNote error={reg.error} fields={["owner_email", "tenant_id", "tenant_name", "api_key"]} />
        <button type="submit" class="primary" disabled={reg.busy}>
          {t.admin.registerButton}
        </button>
      </form>
    </>
  );
}

/** One figure of the health page: a label and its value, marked "warn" or "bad" when it needs a look. */
function Figure({ label, value, mark }: { label: string; value: string; mark?: "warn" | "bad" }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd class={mark}>{value}</dd>
    </div>
  );
}

/** "warn" for a count above zero (a backlog or failures), else nothing. */
const warnIf = (count: number | undefined) => ((count ?? 0) > 0 ? "warn" : undefined);
