// Generated documents: an FAQ, how-to or one-pager from a genie's
// documents, previewed as a page and copied as Markdown or HTML.
import { useState } from "preact/hooks";
import type { components } from "@genie/client";
import { call } from "../api";
import { t } from "../strings";
import { CopyButton, Empty, ErrorNote, Failure, Field, Loading, PageTitle, present, useAction, useLoad } from "../ui";

type GenDoc = components["schemas"]["GendocsDocument"];
type Template = "faq" | "how-to" | "one-pager";

function markdown(d: GenDoc): string {
  return (
    [`# ${d.title}`, d.subtitle, ...d.sections.map((s) => `## ${s.heading}\n\n${s.body}`)]
      .filter(Boolean)
      .join("\n\n") + "\n"
  );
}

function html(d: GenDoc): string {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
  const paras = (s: string) =>
    s
      .split(/\n{2,}/)
      .map((p) => `<p>${esc(p)}</p>`)
      .join("\n");
  return [
    `<h1>${esc(d.title)}</h1>`,
    d.subtitle ? `<p>${esc(d.subtitle)}</p>` : "",
    ...d.sections.map((s) => `<h2>${esc(s.heading)}</h2>\n${paras(s.body)}`),
  ]
    .filter(Boolean)
    .join("\n");
}

export function Generated() {
  const genies = useLoad(() => call("/v1/genies/list", { limit: 200 }), []);
  const [genieId, setGenieId] = useState("");
  const [template, setTemplate] = useState<Template>("faq");
  const [purpose, setPurpose] = useState("");
  const [result, setResult] = useState<GenDoc | null>(null);
  const act = useAction();
  const withDocs = present(genies.data?.genies).filter((g) => g.document_ids.length > 0);
  const chosen = withDocs.find((g) => g.id === genieId) ?? withDocs[0];
  return (
    <>
      <PageTitle>{t.generated.title}</PageTitle>
      <p>{t.generated.help}</p>
      {genies.loading && !genies.data && <Loading />}
      {genies.error && <Failure error={genies.error} retry={genies.reload} />}
      {genies.data && withDocs.length === 0 && <Empty>{t.generated.needGenie}</Empty>}
      {chosen && (
        <form
          class="panel form"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            const r = await act.run(() =>
              call("/v1/genie-documents/generate", {
                agentId: chosen.id,
                template,
                documentIds: chosen.document_ids,
                genieName: chosen.name.slice(0, 100),
                ...(purpose ? { purpose } : {}),
              }),
            );
            if (r) setResult(r.document);
          }}
        >
          <div class="row">
            <div class="field">
              <label for="gen-genie">{t.generated.genie}</label>
              <select id="gen-genie" value={chosen.id} onChange={(e) => setGenieId(e.currentTarget.value)}>
                {withDocs.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </div>
            <div class="field">
              <label for="gen-template">{t.generated.template}</label>
              <select
                id="gen-template"
                value={template}
                onChange={(e) => setTemplate(e.currentTarget.value as Template)}
              >
                <option value="faq">{t.generated.faq}</option>
                <option value="how-to">{t.generated.howTo}</option>
                <option value="one-pager">{t.generated.onePager}</option>
              </select>
            </div>
          </div>
          <Field label={t.generated.purpose} name="purpose" value={purpose} onInput={setPurpose} error={act.error} />
          <ErrorNote error={act.error} fields={["purpose"]} />
          <button type="submit" class="primary" disabled={act.busy}>
            {act.busy ? t.loading : t.generated.generate}
          </button>
        </form>
      )}
      {result && (
        <article class="panel generated">
          <div class="buttons">
            <CopyButton text={markdown(result)} label={t.generated.copyMarkdown} />
            <CopyButton text={html(result)} label={t.generated.copyHTML} />
          </div>
          <h2>{result.title}</h2>
          {result.subtitle && <p class="subtitle">{result.subtitle}</p>}
          {result.sections.map((s, i) => (
            <section key={i}>
              <h3>{s.heading}</h3>
              {s.body
                .split(/\n{2,}/)
                .filter((p) => p.trim())
                .map((p, j) => (
                  <p key={j}>{p}</p>
                ))}
            </section>
          ))}
        </article>
      )}
    </>
  );
}
