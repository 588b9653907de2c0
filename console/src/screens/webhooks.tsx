// Webhook endpoints: add, test, rotate the secret, enable again, delete;
// one endpoint's deliveries with every attempt.
import { useState } from "preact/hooks";
import { call, type BodyOf } from "../api";
import { navigate } from "../router";
import { t } from "../strings";
import {
  CopyButton,
  DeleteButton,
  Listed,
  Table,
  ErrorNote,
  Failure,
  Field,
  Link,
  Loading,
  Notice,
  PageTitle,
  usePage,
  When,
  useAction,
  useLoad,
} from "../ui";

type EventTypes = BodyOf<"/v1/webhooks/create">["events"];

function Secret(props: { secret: string }) {
  return (
    <div class="panel secret" role="status">
      <p>{t.webhooks.secretOnce}</p>
      <p>
        <code class="mono">{props.secret}</code>
      </p>
      <CopyButton text={props.secret} />
    </div>
  );
}

export function Webhooks() {
  const list = useLoad(() => call("/v1/webhooks/list", {}), []);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState("*");
  const [description, setDescription] = useState("");
  const [secret, setSecret] = useState("");
  const act = useAction();
  return (
    <>
      <PageTitle>{t.webhooks.title}</PageTitle>
      <form
        class="panel form"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          // Typed as the document lists them; the server names an unknown
          // one next to the field.
          const types = events
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean) as EventTypes;
          const r = await act.run(() => call("/v1/webhooks/create", { url, events: types, description }));
          if (r) {
            setSecret(r.webhook?.secret ?? "");
            setUrl("");
            setDescription("");
            list.reload();
          }
        }}
      >
        <h2>{t.webhooks.new}</h2>
        <Field label={t.webhooks.url} name="url" type="url" value={url} onInput={setUrl} error={act.error} required />
        <Field label={t.webhooks.events} name="events" value={events} onInput={setEvents} error={act.error} />
        <Field
          label={t.webhooks.description}
          name="description"
          value={description}
          onInput={setDescription}
          error={act.error}
        />
        <ErrorNote error={act.error} fields={["url", "events", "description"]} />
        <button type="submit" class="primary" disabled={act.busy}>
          {t.create}
        </button>
      </form>
      {secret && <Secret secret={secret} />}
      <Listed state={list} count={(d) => d.webhooks.length} empty={t.webhooks.empty}>
        {(data) => (
          <Table columns={[t.webhooks.url, { label: t.webhooks.events, wide: true }, t.keys.status]}>
            {data.webhooks.map((ep) => (
              <tr key={ep.id}>
                <td>
                  <Link to={`/webhooks/${ep.id}`}>{ep.url}</Link>
                </td>
                <td class="wide">{ep.events.join(", ")}</td>
                <td>
                  <span class={`badge ${ep.enabled ? "ok" : "off"}`}>
                    {ep.enabled ? t.webhooks.enabled : t.webhooks.disabled}
                  </span>
                  {ep.enabled && ep.failing_since && <span class="badge pending">{t.webhooks.failing}</span>}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Listed>
    </>
  );
}

const pageSize = 20;

export function WebhookPage(props: { id: string }) {
  const ep = useLoad(() => call("/v1/webhooks/get", {}, props.id).then((r) => r.webhook), [props.id]);
  const deliveries = usePage(pageSize, (page) => call("/v1/webhooks/deliveries", page, props.id), [props.id]);
  const [secret, setSecret] = useState("");
  const [notice, setNotice] = useState("");
  const act = useAction();
  if (ep.loading && !ep.data) return <Loading />;
  if (ep.error) return <Failure error={ep.error} retry={ep.reload} />;
  const e = ep.data;
  if (!e) return null;
  return (
    <>
      <PageTitle>{e.url}</PageTitle>
      <div class="panel">
        <dl class="facts">
          <dt>{t.keys.status}</dt>
          <dd>
            <span class={`badge ${e.enabled ? "ok" : "off"}`}>
              {e.enabled ? t.webhooks.enabled : t.webhooks.disabled}
            </span>
            {e.disabled_reason ? ` · ${e.disabled_reason}` : ""}
          </dd>
          {e.failing_since && (
            <>
              <dt>{t.webhooks.failingSince}</dt>
              <dd>
                <When at={e.failing_since} />
              </dd>
            </>
          )}
          <dt>{t.webhooks.eventTypes}</dt>
          <dd>{e.events.join(", ")}</dd>
          <dt>{t.genies.created}</dt>
          <dd>
            <When at={e.created_at} />
          </dd>
        </dl>
        {notice && <Notice>{notice}</Notice>}
        <div class="buttons">
          <button
            type="button"
            disabled={act.busy}
            onClick={async () => {
              setNotice("");
              if (await act.run(() => call("/v1/webhooks/test", {}, e.id))) {
                setNotice(t.webhooks.tested);
                deliveries.reload();
              }
            }}
          >
            {t.webhooks.test}
          </button>
          <button
            type="button"
            disabled={act.busy}
            onClick={async () => {
              if (!window.confirm(t.webhooks.rotateConfirm)) return;
              const r = await act.run(() => call("/v1/webhooks/rotate-secret", {}, e.id));
              if (r) setSecret(r.webhook?.secret ?? "");
            }}
          >
            {t.webhooks.rotate}
          </button>
          {!e.enabled && (
            <button
              type="button"
              disabled={act.busy}
              onClick={async () => {
                if (await act.run(() => call("/v1/webhooks/update", { enabled: true }, e.id))) ep.reload();
              }}
            >
              {t.webhooks.enable}
            </button>
          )}
          <DeleteButton
            what={e.url}
            busy={act.busy}
            onConfirm={async () => {
              if (await act.run(() => call("/v1/webhooks/delete", {}, e.id))) navigate("/webhooks", true);
            }}
          />
        </div>
        <ErrorNote error={act.error} />
      </div>
      {secret && <Secret secret={secret} />}
      <section class="panel" aria-labelledby="deliveries-h">
        <h2 id="deliveries-h">{t.webhooks.deliveries}</h2>
        <Listed state={deliveries} count={(d) => d.count} empty={t.webhooks.noDeliveries}>
          {(data) => (
            <>
              <ul class="deliveries">
                {data.deliveries.map((d) => (
                  <li key={d.id}>
                    <p>
                      <strong>{d.event_type}</strong> <span class={`badge ${d.status}`}>{d.status}</span> ·{" "}
                      <When at={d.created_at} />
                    </p>
                    {d.status === "pending" && d.attempts.length > 0 && d.next_attempt_at && (
                      <p class="hint">
                        {t.webhooks.nextAttempt} <When at={d.next_attempt_at} />
                      </p>
                    )}
                    {d.status === "failed" && (
                      <p class="hint">
                        {t.webhooks.failedHelp}{" "}
                        <button
                          type="button"
                          disabled={act.busy}
                          aria-label={t.webhooks.retryOf(d.event_type)}
                          onClick={async () => {
                            setNotice("");
                            if (await act.run(() => call("/v1/webhooks/redeliver", {}, d.id))) {
                              setNotice(t.webhooks.retried);
                              deliveries.reload();
                            }
                          }}
                        >
                          {t.webhooks.retry}
                        </button>
                      </p>
                    )}
                    {d.attempts.length > 0 && (
                      <Table
                        compact
                        caption={t.webhooks.attempts}
                        columns={["#", t.events.at, "HTTP", { label: "ms", wide: true }]}
                      >
                        {d.attempts.map((a) => (
                          <tr key={a.attempt}>
                            <td>{a.attempt}</td>
                            <td>
                              <When at={a.at} />
                            </td>
                            <td>{a.status_code ?? a.error ?? ""}</td>
                            <td class="wide">{a.duration_ms}</td>
                          </tr>
                        ))}
                      </Table>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Listed>
      </section>
    </>
  );
}
