// Documents: the paginated list, and one document's editor with a preview
// and its edit link (PIN, rotate, public page, QR code).
import { useState } from "preact/hooks";
import type { components } from "@genie/client";
import { call } from "../api";
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
  present,
  useAction,
  useLoad,
} from "../ui";
import { QRCode } from "./qrcode";

type Doc = components["schemas"]["Document"];
const pageSize = 25;

export function DocumentList() {
  const list = usePage(pageSize, (page) => call("/v1/documents/list", page));
  return (
    <>
      <PageTitle
        actions={
          <Link to="/documents/new" class="button primary">
            {t.documents.new}
          </Link>
        }
      >
        {t.documents.title}
      </PageTitle>
      <Listed state={list} count={(d) => d.count} empty={t.documents.empty}>
        {(data) => (
          <>
            <Table columns={[t.documents.name, { label: t.documents.isPublic, wide: true }, t.genies.updated]}>
              {present(data.documents).map((d) => (
                <tr key={d.id}>
                  <td>
                    <Link to={`/documents/${d.id}`}>{d.name}</Link>
                  </td>
                  <td class="wide">{d.is_public ? t.yes : t.no}</td>
                  <td>
                    <When at={d.updated_at} />
                  </td>
                </tr>
              ))}
            </Table>
          </>
        )}
      </Listed>
    </>
  );
}

export function DocumentPage(props: { id: string }) {
  const isNew = props.id === "new";
  const doc = useLoad(
    () => (isNew ? Promise.resolve(null) : call("/v1/documents/get", {}, props.id).then((d) => d.document)),
    [props.id],
  );
  if (doc.loading && !doc.data) return <Loading />;
  if (doc.error) return <Failure error={doc.error} retry={doc.reload} />;
  const d = doc.data ?? null;
  return (
    <>
      <PageTitle>{d ? d.name : t.documents.new}</PageTitle>
      <DocumentForm key={d?.id ?? "new"} doc={d} onSaved={doc.reload} />
      {d && <EditLink doc={d} />}
    </>
  );
}

function DocumentForm(props: { doc: Doc | null; onSaved: () => void }) {
  const d = props.doc;
  const [name, setName] = useState(d?.name ?? "");
  const [content, setContent] = useState(d?.content ?? "");
  const [isPublic, setPublic] = useState(d?.is_public ?? false);
  const [preview, setPreview] = useState(false);
  const [notice, setNotice] = useState("");
  const act = useAction();
  return (
    <form
      class="panel form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setNotice("");
        const body = { name, content, is_public: isPublic };
        const r = await act.run(() =>
          d ? call("/v1/documents/update", body, d.id) : call("/v1/documents/create", body),
        );
        if (!r) return;
        if (!d && r.document) navigate(`/documents/${r.document.id}`, true);
        else {
          setNotice(t.saved);
          props.onSaved();
        }
      }}
    >
      {notice && <Notice>{notice}</Notice>}
      <Field label={t.documents.name} name="name" value={name} onInput={setName} error={act.error} required />
      <div class="tabs" role="group" aria-label={t.documents.view}>
        <button type="button" aria-pressed={!preview} onClick={() => setPreview(false)}>
          {t.edit}
        </button>
        <button type="button" aria-pressed={preview} onClick={() => setPreview(true)}>
          {t.documents.preview}
        </button>
      </div>
      {preview ? (
        <div class="preview" aria-label={t.documents.preview}>
          {content
            .split(/\n{2,}/)
            .filter((p) => p.trim())
            .map((p, i) => (
              <p key={i}>{p}</p>
            ))}
        </div>
      ) : (
        <Field
          label={t.documents.content}
          name="content"
          value={content}
          onInput={setContent}
          error={act.error}
          multiline
          rows={12}
          hint={t.documents.chars(content.length)}
        />
      )}
      <label class="check">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.currentTarget.checked)} />{" "}
        {t.documents.isPublic}
      </label>
      <ErrorNote error={act.error} fields={["name", "content"]} />
      <div class="buttons">
        <button type="submit" class="primary" disabled={act.busy}>
          {d ? t.save : t.create}
        </button>
        {d && (
          <DeleteButton
            what={d.name}
            busy={act.busy}
            onConfirm={async () => {
              if (await act.run(() => call("/v1/documents/delete", {}, d.id))) navigate("/documents", true);
            }}
          />
        )}
      </div>
    </form>
  );
}

function EditLink(props: { doc: Doc }) {
  const id = props.doc.id;
  const link = useLoad(() => call("/v1/doc-edit-link/get", {}, id).then((r) => r.link), [id]);
  const genies = useLoad(() => call("/v1/genies/list", { limit: 200 }), []);
  const [pin, setPin] = useState("");
  const [notice, setNotice] = useState("");
  const act = useAction();
  const l = link.data;
  const url = l ? new URL(l.path, window.location.origin).href : "";
  const mine = present(genies.data?.genies);
  const genie = mine.find((g) => g.document_ids.includes(id)) ?? mine[0];
  const run = async (fn: () => Promise<unknown>, msg = t.saved) => {
    setNotice("");
    if ((await act.run(fn)) !== undefined) {
      setNotice(msg);
      link.reload();
    }
  };
  return (
    <section class="panel" aria-labelledby="link-h">
      <h2 id="link-h">{t.documents.editLink}</h2>
      <p class="hint">{t.documents.editLinkHelp}</p>
      {link.loading && !link.data && <Loading />}
      {link.error && <Failure error={link.error} retry={link.reload} />}
      {notice && <Notice>{notice}</Notice>}
      {!link.loading && !l && !link.error && (
        <>
          <p>{t.documents.noLink}</p>
          <button
            type="button"
            class="primary"
            disabled={act.busy}
            onClick={() => run(() => call("/v1/doc-edit-link/generate", {}, id))}
          >
            {t.documents.makeLink}
          </button>
        </>
      )}
      {l && (
        <>
          <p class="linkline">
            <a class="mono" href={url} target="_blank" rel="noopener noreferrer">
              {url}
            </a>
          </p>
          <div class="buttons">
            <CopyButton text={url} />
            <a class="button" href={url} target="_blank" rel="noopener noreferrer">
              {t.documents.publicPage}
            </a>
            <button
              type="button"
              disabled={act.busy}
              onClick={() =>
                window.confirm(t.documents.rotateConfirm) &&
                run(() => call("/v1/doc-edit-link/generate", { rotate: true }, id))
              }
            >
              {t.documents.rotate}
            </button>
            <DeleteButton
              what={t.documents.editLink}
              label={t.documents.revoke}
              busy={act.busy}
              onConfirm={() => run(() => call("/v1/doc-edit-link/revoke", {}, id))}
            />
          </div>
          <p>
            {l.requiresPin ? t.documents.requiresPin : t.documents.noPin} · {t.documents.lastUsed}{" "}
            <When at={l.lastUsedAt} />
          </p>
          <form
            class="inline"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void run(() => call("/v1/doc-edit-link/set-pin", { pin }, id)).then(() => setPin(""));
            }}
          >
            <Field
              label={t.documents.pin}
              name="pin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              value={pin}
              onInput={setPin}
              error={act.error}
            />
            <button type="submit" disabled={act.busy}>
              {t.documents.setPin}
            </button>
            {l.requiresPin && (
              <button
                type="button"
                disabled={act.busy}
                onClick={() => run(() => call("/v1/doc-edit-link/set-pin", { pin: null }, id))}
              >
                {t.documents.clearPin}
              </button>
            )}
          </form>
          <ErrorNote error={act.error} fields={["pin"]} />
          {genie && <QRCode key={url} genie={genie} target={url} title={`${t.genies.qr} · ${t.documents.editLink}`} />}
        </>
      )}
    </section>
  );
}
