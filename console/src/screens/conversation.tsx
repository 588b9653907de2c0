// A genie's conversation page: the switch, greeting and language of the
// public page at /chat/<id>, a link to preview it, its recent
// transcripts and the questions it could not answer (the gaps report).
import { useState } from "preact/hooks";
import type { components } from "@genie/client";
import { call } from "../api";
import { t } from "../strings";
import { ErrorNote, Field, Listed, Notice, Table, When, present, useAction, useLoad, usePage } from "../ui";

type Settings = components["schemas"]["GeniesConversation"];
type Language = Settings["language"];

const languages: Language[] = ["en", "fr", "de", "es"];

/** The conversation section of a genie's page. */
export function Conversation(props: { genie: { id: string; conversation?: Settings | null }; reload: () => void }) {
  const c = props.genie.conversation;
  const [enabled, setEnabled] = useState(c?.enabled ?? false);
  const [greeting, setGreeting] = useState(c?.greeting ?? "");
  const [language, setLanguage] = useState<Language>(c?.language ?? "en");
  const [notice, setNotice] = useState("");
  const act = useAction();
  const page = `/chat/${encodeURIComponent(props.genie.id)}`;
  const save = async (e: Event) => {
    e.preventDefault();
    setNotice("");
    const body = { conversation: { enabled, greeting, language } };
    if (await act.run(() => call("/v1/genies/update", body, props.genie.id))) {
      setNotice(t.saved);
      props.reload();
    }
  };
  return (
    <section class="panel" aria-labelledby="conversation-h">
      <h2 id="conversation-h">{t.conversation.title}</h2>
      <p>{t.conversation.help}</p>
      <form noValidate onSubmit={save}>
        <div class="field">
          <label>
            <input
              type="checkbox"
              name="enabled"
              checked={enabled}
              onChange={(e) => setEnabled((e.currentTarget as HTMLInputElement).checked)}
            />{" "}
            {t.conversation.enabled}
          </label>
        </div>
        <Field
          label={t.conversation.greeting}
          name="conversation.greeting"
          hint={t.conversation.greetingHint}
          value={greeting}
          onInput={setGreeting}
          multiline
          rows={2}
          error={act.error}
        />
        <div class="field">
          <label for="conversation-language">{t.conversation.language}</label>
          <select
            id="conversation-language"
            name="language"
            value={language}
            onChange={(e) => setLanguage((e.currentTarget as HTMLSelectElement).value as Language)}
          >
            {languages.map((l) => (
              <option value={l} key={l}>
                {t.conversation.languages[l]}
              </option>
            ))}
          </select>
        </div>
        <div class="buttons">
          <button type="submit" class="primary" disabled={act.busy}>
            {t.save}
          </button>
          {c?.enabled && (
            <a href={page} target="_blank" rel="noopener">
              {t.conversation.open}
            </a>
          )}
        </div>
        <ErrorNote error={act.error} fields={["conversation.greeting"]} />
        {notice && <Notice>{notice}</Notice>}
      </form>
      {c?.enabled && <Transcripts agentId={props.genie.id} />}
      {c?.enabled && <Gaps agentId={props.genie.id} />}
    </section>
  );
}

function Transcripts(props: { agentId: string }) {
  const list = usePage(10, (page) => call("/v1/conversations/all", { agentId: props.agentId, ...page }), [
    props.agentId,
  ]);
  return (
    <>
      <h3>{t.conversation.transcripts}</h3>
      <Listed state={list} count={(d) => d.count} empty={t.conversation.noTranscripts}>
        {(d) => (
          <Table
            caption={t.conversation.transcripts}
            columns={[t.conversation.last, t.conversation.messages, t.conversation.state]}
          >
            {present(d.conversations).map((c) => (
              <tr key={c.id}>
                <td>
                  <When at={c.last_message_at} />
                </td>
                <td>{c.message_count}</td>
                <td>{c.escalated ? t.conversation.escalated : ""}</td>
              </tr>
            ))}
          </Table>
        )}
      </Listed>
    </>
  );
}

function Gaps(props: { agentId: string }) {
  const gaps = useLoad(() => call("/v1/conversations/gaps", { agentId: props.agentId, limit: 20 }), [props.agentId]);
  return (
    <>
      <h3>{t.conversation.gaps}</h3>
      <p class="hint">{t.conversation.gapsHelp}</p>
      <Listed state={gaps} count={(d) => d.count} empty={t.conversation.noGaps}>
        {(d) => (
          <Table caption={t.conversation.gaps} columns={[t.conversation.question, t.conversation.times]}>
            {present(d.gaps).map((g) => (
              <tr key={g.question}>
                <td>{g.question}</td>
                <td>{g.count}</td>
              </tr>
            ))}
          </Table>
        )}
      </Listed>
    </>
  );
}
