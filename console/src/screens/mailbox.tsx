// A genie's mailbox: provision, suspend or resume, the escalation address,
// and the inbox as threads whose messages can be read and answered.
import { useState } from "preact/hooks";
import type { components } from "@genie/client";
import { call } from "../api";
import { t } from "../strings";
import { ErrorNote, Failure, Field, Listed, Loading, Notice, usePage, When, useAction, useLoad } from "../ui";

type Box = components["schemas"]["MailboxesMailbox"];
type Thread = components["schemas"]["MailThread"];

/** The mailbox section of a genie's page; box is the genie's mailbox record (null: none). */
export function Mailbox(props: { genieId: string; box: Box | null; reload: () => void }) {
  const agentId = props.genieId;
  const [localpart, setLocalpart] = useState("");
  const act = useAction();
  return (
    <section class="panel" aria-labelledby="mailbox-h">
      <h2 id="mailbox-h">{t.mailbox.title}</h2>
      {!props.box && (
        <form
          class="inline"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            const body = localpart ? { agentId, desiredLocalpart: localpart } : { agentId };
            if (await act.run(() => call("/v1/agent-mailboxes-self/provision", body))) props.reload();
          }}
        >
          <p class="grow">{t.mailbox.none}</p>
          <Field
            label={t.mailbox.localpart}
            name="desiredLocalpart"
            value={localpart}
            onInput={setLocalpart}
            error={act.error}
          />
          <button type="submit" disabled={act.busy}>
            {t.mailbox.provision}
          </button>
          <ErrorNote error={act.error} fields={["desiredLocalpart"]} />
        </form>
      )}
      {props.box && <MailboxDetail box={props.box} reload={props.reload} />}
    </section>
  );
}

function MailboxDetail(props: { box: Box; reload: () => void }) {
  const { box } = props;
  const agentId = box.agent_id;
  const [escalation, setEscalation] = useState(box.escalation_address ?? "");
  const [notice, setNotice] = useState("");
  const act = useAction();
  const suspended = box.status === "suspended";
  return (
    <>
      <dl class="facts">
        <dt>{t.mailbox.address}</dt>
        <dd class="mono">{box.email_address}</dd>
        <dt>{t.mailbox.status}</dt>
        <dd>
          <span class={`badge ${box.status}`}>{box.status}</span>
        </dd>
      </dl>
      {notice && <Notice>{notice}</Notice>}
      <form
        class="inline"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setNotice("");
          const r = await act.run(() =>
            call("/v1/agent-mailboxes-self/update", { agentId, escalation_address: escalation || null }),
          );
          if (r) setNotice(t.saved);
        }}
      >
        <Field
          label={t.mailbox.escalation}
          name="escalation_address"
          type="email"
          value={escalation}
          onInput={setEscalation}
          error={act.error}
        />
        <button type="submit" disabled={act.busy}>
          {t.save}
        </button>
        <button
          type="button"
          disabled={act.busy}
          onClick={async () => {
            const action = suspended ? "resume" : "suspend";
            if (await act.run(() => call("/v1/agent-mailboxes-self/update", { agentId, action }))) props.reload();
          }}
        >
          {suspended ? t.mailbox.resume : t.mailbox.suspend}
        </button>
      </form>
      <ErrorNote error={act.error} fields={["escalation_address"]} />
      <Threads agentId={agentId} />
    </>
  );
}

const pageSize = 20;

function Threads(props: { agentId: string }) {
  const [open, setOpen] = useState<string | null>(null);
  const threads = usePage(
    pageSize,
    (page) => call("/v1/agent-mailboxes-self/threads", { agentId: props.agentId, ...page }),
    [props.agentId],
  );
  return (
    <>
      <h3>{t.mailbox.threads}</h3>
      <Listed state={threads} count={(d) => d.count} empty={t.mailbox.noThreads}>
        {(data) => (
          <>
            <ul class="threads">
              {data.threads.map((th) => (
                <li key={th.id}>
                  <button
                    type="button"
                    class="thread"
                    aria-expanded={open === th.id}
                    onClick={() => setOpen(open === th.id ? null : th.id)}
                  >
                    <strong>{th.subject || "(no subject)"}</strong>
                    <span>
                      {t.mailbox.messages(th.message_count)} · <When at={th.last_activity_at} />
                    </span>
                  </button>
                  {open === th.id && <ThreadView agentId={props.agentId} thread={th} onSent={threads.reload} />}
                </li>
              ))}
            </ul>
          </>
        )}
      </Listed>
    </>
  );
}

function ThreadView(props: { agentId: string; thread: Thread; onSent: () => void }) {
  const msgs = useLoad(
    () => call("/v1/agent-mailboxes-self/messages", { agentId: props.agentId, threadId: props.thread.id, limit: 200 }),
    [props.thread.id],
  );
  const [text, setText] = useState("");
  const [notice, setNotice] = useState("");
  const act = useAction();
  const list = (msgs.data?.messages ?? []).slice().reverse();
  const last = list[list.length - 1];
  return (
    <div class="thread-view">
      {msgs.loading && !msgs.data && <Loading />}
      {msgs.error && <Failure error={msgs.error} retry={msgs.reload} />}
      {list.map((m) => (
        <article key={m.id} class={`message ${m.direction}`}>
          <header>
            <span>
              {t.mailbox.from} <span class="mono">{m.from}</span>
            </span>
            <When at={m.received_at} />
          </header>
          <pre class="body">{m.extracted_text || m.text}</pre>
          {m.attachments.length > 0 && (
            <p class="hint">
              {t.mailbox.attachments}: {m.attachments.map((a) => `${a.filename} (${a.size} B)`).join(", ")}
            </p>
          )}
        </article>
      ))}
      {notice && <Notice>{notice}</Notice>}
      {last && (
        <form
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setNotice("");
            const r = await act.run(() =>
              call("/v1/agent-mailboxes-self/send", { agentId: props.agentId, replyTo: last.id, text }),
            );
            if (r) {
              setText("");
              setNotice(t.mailbox.sent);
              msgs.reload();
              props.onSent();
            }
          }}
        >
          <Field
            label={t.mailbox.replyText}
            name="text"
            value={text}
            onInput={setText}
            error={act.error}
            multiline
            rows={4}
          />
          <ErrorNote error={act.error} fields={["text"]} />
          <button type="submit" class="primary" disabled={act.busy}>
            {t.mailbox.send}
          </button>
        </form>
      )}
    </div>
  );
}
