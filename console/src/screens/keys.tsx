// API keys: create (the key shown once, with a copy button), revoke, delete.
import { useState } from "preact/hooks";
import { call } from "../api";
import { t } from "../strings";
import { CopyButton, DeleteButton, ErrorNote, Field, Listed, PageTitle, Table, When, useAction, useLoad } from "../ui";

export function Keys() {
  const keys = useLoad(() => call("/v1/api-keys/list", {}), []);
  const [name, setName] = useState("");
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const act = useAction();
  return (
    <>
      <PageTitle>{t.keys.title}</PageTitle>
      <form
        class="panel inline"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setShown(null);
          const r = await act.run(() => call("/v1/api-keys/create", { name }));
          if (r?.api_key.key) {
            setShown({ name: r.api_key.name, key: r.api_key.key });
            setName("");
            keys.reload();
          }
        }}
      >
        <Field label={t.keys.name} name="name" value={name} onInput={setName} error={act.error} required />
        <button type="submit" class="primary" disabled={act.busy}>
          {t.keys.new}
        </button>
        <ErrorNote error={act.error} fields={["name"]} />
      </form>
      {shown && (
        <div class="panel secret" role="status">
          <p>
            <strong>{shown.name}</strong>: {t.keys.shownOnce}
          </p>
          <p>
            <code class="mono" id="new-key">
              {shown.key}
            </code>
          </p>
          <CopyButton text={shown.key} />
        </div>
      )}
      <Listed state={keys} count={(d) => d.api_keys.length} empty={t.keys.empty}>
        {(data) => (
          <Table
            columns={[
              t.keys.name,
              { label: t.keys.prefix, wide: true },
              t.keys.status,
              { label: t.keys.lastUsed, wide: true },
              { label: t.edit, hidden: true },
            ]}
          >
            {data.api_keys.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td class="wide mono">{k.key_prefix}…</td>
                <td>
                  <span class={`badge ${k.is_active ? "ok" : "off"}`}>
                    {k.is_active ? t.keys.active : t.keys.revoked}
                  </span>
                </td>
                <td class="wide">
                  <When at={k.last_used_at} />
                </td>
                <td class="row-actions">
                  {k.is_active && (
                    <button
                      type="button"
                      onClick={async () => {
                        if (!window.confirm(t.keys.revokeConfirm(k.name))) return;
                        if (await act.run(() => call("/v1/api-keys/revoke", {}, k.id))) keys.reload();
                      }}
                    >
                      {t.keys.revoke}
                    </button>
                  )}
                  <DeleteButton
                    what={k.name}
                    onConfirm={async () => {
                      if (await act.run(() => call("/v1/api-keys/delete", {}, k.id))) keys.reload();
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
