// A genie's mailbox: provision, suspend or resume, the escalation address
// and how it answers mail (auto_reply), the drafts waiting for approval,
// and the inbox as threads whose messages (and attachments) can be read
// and answered.
import { useState } from "preact/hooks";
import type { components } from "@genie/client";
import { call } from "../api";
import { t } from "../strings";
import { download, ErrorNote, Failure, Field, Listed, Loading, Notice, usePage, When, useAction, useLoad } from "../ui";

type Box = components["schemas"]["MailboxesMailbox"];
type Thread = components["schemas"]["MailThread"];
type Message = components["schemas"]["MailInboxMessage"];
type Draft = components["schemas"]["MailboxesDraft"];
type AutoReply = "off" | "draft" | "send";
const autoReplies: AutoReply[] = ["draft", "send", "off"];

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
  const [autoReply, setAutoReply] = useState<AutoReply>(
    autoReplies.includes(box.auto_reply as AutoReply) ? (box.auto_reply as AutoReply) : "draft",
  );
  const [notice, setNotice] = useState("");
  // Bumped when a draft is sent, so that the inbox shows the reply.
  const [sent, setSent] = useState(0);
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
            call("/v1/agent-mailboxes-self/update", {
              agentId,
              escalation_address: escalation || null,
              auto_reply: autoReply,
            }),
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
        <div class={act.error?.field === "auto_reply" ? "field invalid" : "field"}>
          <label for="auto-reply">{t.mailbox.autoReply}</label>
          <select
            id="auto-reply"
            name="auto_reply"
            value={autoReply}
            aria-describedby="auto-reply-hint"
            onChange={(e) => setAutoReply(e.currentTarget.value as AutoReply)}
          >
            {autoReplies.map((v) => (
              <option key={v} value={v}>
                {t.mailbox.autoReplies[v]}
              </option>
            ))}
          </select>
          <p class="hint" id="auto-reply-hint">
            {t.mailbox.autoReplyHints[autoReply]}
          </p>
        </div>
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
      <Drafts agentId={agentId} onSent={() => setSent((n) => n + 1)} />
      <Threads agentId={agentId} key={sent} />
    </>
  );
}

const pageSize = 20;
const draftPageSize = 10;

/** The answers the genie drafted to received mail, waiting for a person to send or discard them. */
function Drafts(props: { agentId: string; onSent: () => void }) {
  const [needsPerson, setNeedsPerson] = useState(false);
  const drafts = usePage(
    draftPageSize,
    (page) =>
      call("/v1/agent-mailboxes-self/drafts", {
        agentId: props.agentId,
        ...page,
        ...(needsPerson ? { needsPerson: true } : {}),
      }),
    [props.agentId, needsPerson],
  );
  return (
    <>
      <h3>{t.mailbox.drafts}</h3>
      <p class="hint">{t.mailbox.draftsHelp}</p>
      <label class="check">
        <input
          type="checkbox"
          checked={needsPerson}
          onChange={(e) => {
            setNeedsPerson(e.currentTarget.checked);
            drafts.page.onPage(0);
          }}
        />
        {t.mailbox.onlyNeedsPerson}
      </label>
      <Listed state={drafts} count={(d) => d.count} empty={t.mailbox.noDrafts}>
        {(data) => (
          <ul class="drafts">
            {data.drafts.map((d) => (
              <DraftCard
                key={d.id}
                agentId={props.agentId}
                draft={d}
                onDone={(sent) => {
                  drafts.reload();
                  if (sent) props.onSent();
                }}
              />
            ))}
          </ul>
        )}
      </Listed>
    </>
  );
}

const addresses = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

function DraftCard(props: { agentId: string; draft: Draft; onDone: (sent: boolean) => void }) {
  // What the server holds (updated by a save), to tell whether the form is edited.
  const [d, setD] = useState(props.draft);
  const ids = { agentId: props.agentId, draftId: d.id };
  const [to, setTo] = useState(d.to.join(", "));
  const [cc, setCc] = useState(d.cc.join(", "));
  const [subject, setSubject] = useState(d.subject);
  const [text, setText] = useState(d.text);
  const [notice, setNotice] = useState("");
  const act = useAction();
  const edited = to !== d.to.join(", ") || cc !== d.cc.join(", ") || subject !== d.subject || text !== d.text;
  const save = async () => {
    const r = await call("/v1/agent-mailboxes-self/draft-update", {
      ...ids,
      to: addresses(to),
      cc: addresses(cc),
      subject,
      text,
    });
    if (r.draft) {
      setD(r.draft);
      setTo(r.draft.to.join(", "));
      setCc(r.draft.cc.join(", "));
    }
    return r;
  };
  return (
    <li class="panel draft" aria-label={`${t.mailbox.draft}: ${d.subject}`}>
      <p class="meta">
        <span class={`badge ${d.needs_person ? "pending" : "ok"}`}>
          {d.needs_person ? t.mailbox.needsPerson : t.mailbox.answered}
        </span>{" "}
        · <When at={d.created_at} />
      </p>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setNotice("");
          if (await act.run(save)) setNotice(t.saved);
        }}
      >
        <Field label={t.mailbox.to} name="to" value={to} onInput={setTo} error={act.error} />
        <Field label={t.mailbox.cc} name="cc" value={cc} onInput={setCc} error={act.error} />
        <Field label={t.mailbox.subject} name="subject" value={subject} onInput={setSubject} error={act.error} />
        <Field
          label={t.mailbox.draftText}
          name="text"
          value={text}
          onInput={setText}
          error={act.error}
          multiline
          rows={8}
        />
        {d.sources.length > 0 && (
          <details>
            <summary>{t.mailbox.sources(d.sources.length)}</summary>
            <ul class="sources">
              {d.sources.map((src, i) => (
                <li key={i}>
                  <strong>{src.document_name}</strong>
                  {src.heading ? ` › ${src.heading}` : ""}
                  <blockquote>{src.quote}</blockquote>
                </li>
              ))}
            </ul>
          </details>
        )}
        {notice && <Notice>{notice}</Notice>}
        <ErrorNote error={act.error} fields={["to", "cc", "subject", "text"]} />
        <div class="buttons">
          <button
            type="button"
            class="primary"
            disabled={act.busy}
            onClick={async () => {
              setNotice("");
              const r = await act.run(async () => {
                // An edit not saved yet is saved first, so what is sent is what is shown.
                if (edited) await save();
                return call("/v1/agent-mailboxes-self/draft-send", ids);
              });
              if (r) props.onDone(true);
            }}
          >
            {t.mailbox.sendDraft}
          </button>
          <button type="submit" disabled={act.busy || !edited}>
            {t.mailbox.saveDraft}
          </button>
          <button
            type="button"
            class="danger"
            disabled={act.busy}
            onClick={async () => {
              if (!window.confirm(t.mailbox.discardConfirm)) return;
              if (await act.run(() => call("/v1/agent-mailboxes-self/draft-discard", ids))) props.onDone(false);
            }}
          >
            {t.mailbox.discard}
          </button>
        </div>
      </form>
    </li>
  );
}

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
                    <strong>{th.subject || t.mailbox.noSubject}</strong>
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
          {m.attachments.length > 0 && <Attachments agentId={props.agentId} message={m} />}
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

/** A message's attachments, each downloaded through the API (base64) when asked. */
function Attachments(props: { agentId: string; message: Message }) {
  const act = useAction();
  return (
    <div class="attachments">
      <p class="hint">{t.mailbox.attachments}</p>
      <ul>
        {props.message.attachments.map((a, index) => (
          <li key={index}>
            <button
              type="button"
              class="link"
              disabled={act.busy}
              onClick={() =>
                act.run(async () => {
                  const f = await call("/v1/agent-mailboxes-self/attachment", {
                    agentId: props.agentId,
                    messageId: props.message.id,
                    index,
                  });
                  download(f.filename || t.mailbox.attachmentName(index + 1), f.content_type, f.content, true);
                })
              }
            >
              {t.mailbox.download(a.filename || t.mailbox.attachmentName(index + 1))}
            </button>{" "}
            <span class="hint">{t.mailbox.size(a.size)}</span>
          </li>
        ))}
      </ul>
      <ErrorNote error={act.error} />
    </div>
  );
}
