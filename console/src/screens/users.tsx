// Admin > Users: every account, newest first, searched by email prefix and
// filtered by role; a role changes after a confirmation.
import { useState } from "preact/hooks";
import { call } from "../api";
import { t } from "../strings";
import { ErrorNote, Listed, Notice, PageTitle, SearchForm, Table, When, useAction, usePage } from "../ui";

const pageSize = 20;
const roles = ["internal_admin", "user", "consumer"] as const;
type Role = (typeof roles)[number];

export function Users() {
  const [query, setQuery] = useState("");
  const [role, setRole] = useState<Role | "">("");
  const [done, setDone] = useState("");
  const list = usePage(
    pageSize,
    (page) => call("/v1/users/list", { ...page, ...(query ? { search: query } : {}), ...(role ? { role } : {}) }),
    [query, role],
  );
  const act = useAction();
  return (
    <>
      <PageTitle>{t.admin.usersTitle}</PageTitle>
      <SearchForm
        label={t.admin.usersSearch}
        button={t.admin.usersSearchButton}
        onSearch={(text) => {
          setQuery(text);
          list.page.onPage(0);
        }}
      >
        <div class="field">
          <label for="users-role">{t.admin.role}</label>
          <select
            id="users-role"
            value={role}
            onChange={(e) => {
              setRole(e.currentTarget.value as Role | "");
              list.page.onPage(0);
            }}
          >
            <option value="">{t.admin.allRoles}</option>
            {roles.map((r) => (
              <option value={r} key={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      {done && <Notice>{done}</Notice>}
      <ErrorNote error={act.error} fields={["role"]} />
      <Listed state={list} count={(d) => d.count} empty={t.admin.noUsers}>
        {(data) => (
          <Table
            columns={[
              t.admin.email,
              t.admin.role,
              { label: t.admin.created, wide: true },
              { label: t.admin.lastSignIn, wide: true },
            ]}
          >
            {data.users.map((u) => (
              <tr key={u.id}>
                <td>
                  {u.email ? <strong>{u.email}</strong> : <span class="mono">{u.id}</span>}
                  <br />
                  <span class="hint">{u.email_confirmed ? t.admin.confirmed : t.admin.unconfirmed}</span>
                </td>
                <td>
                  <label class="sr-only" for={`role-${u.id}`}>
                    {t.admin.roleOf(u.email || u.id)}
                  </label>
                  <select
                    id={`role-${u.id}`}
                    value={u.role}
                    disabled={act.busy}
                    onChange={async (e) => {
                      const next = e.currentTarget.value as Role;
                      const who = u.email || u.id;
                      if (!window.confirm(t.admin.confirmRole(who, next))) {
                        e.currentTarget.value = u.role;
                        return;
                      }
                      setDone("");
                      if (await act.run(() => call("/v1/users/set-role", { role: next }, u.id))) {
                        setDone(t.admin.roleChanged(who, next));
                      }
                      list.reload();
                    }}
                  >
                    {roles.map((r) => (
                      <option value={r} key={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                </td>
                <td class="wide">
                  <When at={u.created_at} />
                </td>
                <td class="wide">{u.last_sign_in_at ? <When at={u.last_sign_in_at} /> : t.admin.never}</td>
              </tr>
            ))}
          </Table>
        )}
      </Listed>
    </>
  );
}
