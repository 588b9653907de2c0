// Genies: the paginated list with groups (drag or arrow keys to reorder),
// and one genie's page: its settings, documents, voice, group, mailbox and
// QR code.
import { useState } from "preact/hooks";
import type { components } from "@genie/client";
import { call } from "../api";
import { navigate } from "../router";
import { t } from "../strings";
import {
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
  present,
  useAction,
  useLoad,
} from "../ui";
import { Conversation } from "./conversation";
import { Mailbox } from "./mailbox";
import { QRCode } from "./qrcode";

type Genie = components["schemas"]["Genie"];
type Group = components["schemas"]["Group"];
type Box = components["schemas"]["MailboxesMailbox"];
const pageSize = 25;

export function GenieList() {
  const list = usePage(pageSize, (page) => call("/v1/genies/list", page));
  return (
    <>
      <PageTitle
        actions={
          <Link to="/genies/new" class="button primary">
            {t.genies.new}
          </Link>
        }
      >
        {t.genies.title}
      </PageTitle>
      <Listed state={list} count={(d) => d.count} empty={t.genies.empty}>
        {(data) => (
          <Table
            columns={[
              t.genies.name,
              { label: t.genies.documents, wide: true },
              { label: t.genies.mailbox, wide: true },
              t.genies.updated,
            ]}
          >
            {present(data.genies).map((g) => (
              <tr key={g.id}>
                <td>
                  <Link to={`/genies/${g.id}`}>{g.name}</Link>
                </td>
                <td class="wide">{g.document_ids.length}</td>
                <td class="wide">{mailboxAddress(g) ?? t.none}</td>
                <td>
                  <When at={g.updated_at} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Listed>
      <Groups />
    </>
  );
}

function mailboxAddress(g: Genie): string | null {
  const m = g.mailbox as { email_address?: string } | null | undefined;
  return m?.email_address ?? null;
}

function Groups() {
  const groups = useLoad(() => call("/v1/genie-groups/list", {}), []);
  const [order, setOrder] = useState<Group[] | null>(null);
  const [name, setName] = useState("");
  const [dragging, setDragging] = useState<number | null>(null);
  const act = useAction();
  const list = order ?? groups.data?.groups ?? [];

  const save = async (next: Group[]) => {
    setOrder(next);
    await act.run(() => call("/v1/genie-groups/reorder", { groupIds: next.map((g) => g.id) }));
  };
  const move = (i: number, by: number) => {
    const j = i + by;
    if (j < 0 || j >= list.length) return;
    const next = list.slice();
    const [g] = next.splice(i, 1);
    if (g) next.splice(j, 0, g);
    void save(next);
  };

  return (
    <section class="panel" aria-labelledby="groups-h">
      <h2 id="groups-h">{t.genies.groups}</h2>
      {groups.error && <Failure error={groups.error} retry={groups.reload} />}
      {list.length > 0 && <p class="hint">{t.genies.reorderHint}</p>}
      <ol class="groups">
        {list.map((g, i) => (
          <li
            key={g.id}
            draggable
            class={dragging === i ? "dragging" : undefined}
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer?.setData("text/plain", String(i));
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null && dragging !== i) move(dragging, i - dragging);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <span class="grip" aria-hidden="true">
              ⋮⋮
            </span>
            <span class="grow">{g.name}</span>
            <button
              type="button"
              class="icon"
              aria-label={t.genies.moveUp(g.name)}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              class="icon"
              aria-label={t.genies.moveDown(g.name)}
              disabled={i === list.length - 1}
              onClick={() => move(i, 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      <form
        class="inline"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const r = await act.run(() => call("/v1/genie-groups/create", { name }));
          if (r) {
            setName("");
            setOrder(null);
            groups.reload();
          }
        }}
      >
        <Field label={t.genies.groupName} name="name" value={name} onInput={setName} error={act.error} />
        <button type="submit" disabled={act.busy}>
          {t.genies.newGroup}
        </button>
      </form>
      <ErrorNote error={act.error} fields={["name"]} />
    </section>
  );
}

export function GeniePage(props: { id: string; tab?: string }) {
  const isNew = props.id === "new";
  const genie = useLoad(
    () => (isNew ? Promise.resolve(null) : call("/v1/genies/get", {}, props.id).then((d) => d.genie)),
    [props.id],
  );
  if (genie.loading && !genie.data) return <Loading />;
  if (genie.error) return <Failure error={genie.error} retry={genie.reload} />;
  const g = genie.data ?? null;
  return (
    <>
      <PageTitle>{g ? g.name : t.genies.new}</PageTitle>
      <GenieForm genie={g} onSaved={genie.reload} />
      {g && <Conversation genie={g} reload={genie.reload} />}
      {g && <Mailbox genieId={g.id} box={(g.mailbox as Box | null) ?? null} reload={genie.reload} />}
      {g && <QRCode genie={g} />}
    </>
  );
}

function GenieForm(props: { genie: Genie | null; onSaved: () => void }) {
  const g = props.genie;
  const [name, setName] = useState(g?.name ?? "");
  const [description, setDescription] = useState(g?.description ?? "");
  const [instructions, setInstructions] = useState(g?.instructions ?? "");
  const [greeting, setGreeting] = useState(g?.greeting ?? "");
  const [voice, setVoice] = useState(g?.voice_id ?? "");
  const [group, setGroup] = useState(g?.group_id != null ? String(g.group_id) : "");
  const [docs, setDocs] = useState<string[]>(g?.document_ids ?? []);
  const [notice, setNotice] = useState("");
  const act = useAction();
  const voices = useLoad(() => call("/v1/preselected-voices/list", {}), []);
  const groups = useLoad(() => call("/v1/genie-groups/list", {}), []);
  const documents = useLoad(() => call("/v1/documents/list", { limit: 200 }), []);

  const submit = async (e: Event) => {
    e.preventDefault();
    setNotice("");
    const body = {
      name,
      description,
      instructions,
      greeting,
      voice_id: voice || null,
      document_ids: docs,
    };
    const saved = await act.run(async () => {
      const r = g ? await call("/v1/genies/update", body, g.id) : await call("/v1/genies/create", body);
      if (!r.genie) throw new Error(t.failed);
      const want = group ? Number(group) : null;
      if ((g?.group_id ?? null) !== want) await call("/v1/genie-groups/sync", { agentId: r.genie.id, groupId: want });
      return r.genie;
    });
    if (!saved) return;
    if (!g) navigate(`/genies/${saved.id}`, true);
    else {
      setNotice(t.saved);
      props.onSaved();
    }
  };

  const remove = async () => {
    if (!g) return;
    if (await act.run(() => call("/v1/genies/delete", {}, g.id))) navigate("/genies", true);
  };

  return (
    <form class="panel form" onSubmit={submit} noValidate>
      {notice && <Notice>{notice}</Notice>}
      <Field label={t.genies.name} name="name" value={name} onInput={setName} error={act.error} required />
      <Field
        label={t.genies.greeting}
        name="greeting"
        value={greeting}
        onInput={setGreeting}
        error={act.error}
        multiline
        rows={2}
      />
      <Field
        label={t.genies.description}
        name="description"
        value={description}
        onInput={setDescription}
        error={act.error}
        multiline
        rows={2}
      />
      <Field
        label={t.genies.instructions}
        name="instructions"
        value={instructions}
        onInput={setInstructions}
        error={act.error}
        multiline
        rows={5}
      />
      <div class="row">
        <div class={act.error?.field === "voice_id" ? "field invalid" : "field"}>
          <label for="genie-voice">{t.genies.voice}</label>
          <select id="genie-voice" value={voice} onChange={(e) => setVoice(e.currentTarget.value)}>
            <option value="">{t.genies.noVoice}</option>
            {(voices.data?.voices ?? []).map(
              (v) =>
                v && (
                  <option key={v.id} value={v.voice_id}>
                    {v.label}
                  </option>
                ),
            )}
          </select>
          {act.error?.field === "voice_id" && <p class="field-error">{act.error.message}</p>}
        </div>
        <div class="field">
          <label for="genie-group">{t.genies.group}</label>
          <select id="genie-group" value={group} onChange={(e) => setGroup(e.currentTarget.value)}>
            <option value="">{t.genies.noGroup}</option>
            {(groups.data?.groups ?? []).map((gr) => (
              <option key={gr.id} value={String(gr.id)}>
                {gr.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset class={act.error?.field?.startsWith("document_ids") ? "field invalid" : "field"}>
        <legend>{t.genies.documents}</legend>
        {documents.data && present(documents.data.documents).length === 0 && <p class="hint">{t.genies.noDocuments}</p>}
        <ul class="checks">
          {present(documents.data?.documents).map((d) => (
            <li key={d.id}>
              <label>
                <input
                  type="checkbox"
                  checked={docs.includes(d.id)}
                  onChange={(e) => setDocs(e.currentTarget.checked ? [...docs, d.id] : docs.filter((x) => x !== d.id))}
                />{" "}
                {d.name}
              </label>
            </li>
          ))}
        </ul>
        {act.error?.field?.startsWith("document_ids") && <p class="field-error">{act.error.message}</p>}
      </fieldset>
      {g && (
        <p class="meta">
          {t.genies.knowledge(g.knowledge_version)} · {t.genies.updated} <When at={g.updated_at} />
        </p>
      )}
      <ErrorNote
        error={act.error}
        fields={["name", "greeting", "description", "instructions", "voice_id", "document_ids"]}
      />
      <div class="buttons">
        <button type="submit" class="primary" disabled={act.busy}>
          {g ? t.save : t.create}
        </button>
        {g && <DeleteButton what={g.name} busy={act.busy} onConfirm={remove} />}
      </div>
    </form>
  );
}
