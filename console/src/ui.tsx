// Shared pieces: links, fields that show the error the API names, lists
// with pagination, and the loading, empty and failure states.
import type { ComponentChildren, JSX } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "./api";
import { base, navigate } from "./router";
import { t } from "./strings";

export function Link(props: { to: string; children: ComponentChildren; class?: string; current?: boolean }) {
  return (
    <a
      href={base + props.to}
      class={props.class}
      aria-current={props.current ? "page" : undefined}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}

/** Formats a time in the browser's locale. */
export function When(props: { at?: string | null }) {
  if (!props.at) return <>{t.never}</>;
  const d = new Date(props.at);
  return <time dateTime={props.at}>{d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}</time>;
}

let ids = 0;
function useId(prefix: string): string {
  const ref = useRef("");
  if (!ref.current) ref.current = `${prefix}-${++ids}`;
  return ref.current;
}

type FieldProps = {
  label: string;
  name: string;
  error?: ApiError | null;
  hint?: string;
  value: string;
  onInput: (v: string) => void;
  type?: string;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  autoComplete?: string;
  inputMode?: JSX.HTMLAttributes["inputMode"];
};

/** A labelled input; shows the API error when its field is this one. */
export function Field(p: FieldProps) {
  const id = useId(p.name);
  const f = p.error?.field;
  // "to[2]" or "address.city" is this field's error too (as ErrorNote reads it).
  const bad = !!f && (f === p.name || f.startsWith(p.name + "[") || f.startsWith(p.name + "."));
  const describedBy = [bad ? `${id}-err` : "", p.hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: p.name,
    value: p.value,
    required: p.required,
    "aria-invalid": bad ? ("true" as const) : undefined,
    "aria-describedby": describedBy,
    onInput: (e: Event) => p.onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class={bad ? "field invalid" : "field"}>
      <label for={id}>{p.label}</label>
      {p.multiline ? (
        <textarea {...common} rows={p.rows ?? 4} />
      ) : (
        <input {...common} type={p.type ?? "text"} autoComplete={p.autoComplete} inputMode={p.inputMode} />
      )}
      {p.hint && (
        <p class="hint" id={`${id}-hint`}>
          {p.hint}
        </p>
      )}
      {bad && (
        <p class="field-error" id={`${id}-err`}>
          {p.error?.message}
        </p>
      )}
    </div>
  );
}

/** The error of a form or an action, unless a field shows it. */
export function ErrorNote(props: { error?: ApiError | null; fields?: string[] }) {
  const e = props.error;
  if (!e) return null;
  const f = e.field;
  if (f && props.fields?.some((n) => f === n || f.startsWith(n + "[") || f.startsWith(n + "."))) {
    return (
      <p class="error" role="alert">
        {t.fieldErrorSummary}
      </p>
    );
  }
  return (
    <p class="error" role="alert">
      {e.message}
    </p>
  );
}

/** A list's search form: the text is searched when the form is submitted; children are extra filters. */
export function SearchForm(p: {
  label: string;
  button: string;
  onSearch: (text: string) => void;
  children?: ComponentChildren;
}) {
  const [text, setText] = useState("");
  return (
    <form
      class="panel inline"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        p.onSearch(text.trim());
      }}
    >
      <Field label={p.label} name="search" type="search" value={text} onInput={setText} />
      {p.children}
      <button type="submit">{p.button}</button>
    </form>
  );
}

export function Notice(props: { children: ComponentChildren }) {
  return (
    <p class="notice" role="status">
      {props.children}
    </p>
  );
}

export function Loading() {
  return (
    <p class="loading" role="status">
      {t.loading}
    </p>
  );
}

export function Empty(props: { children: ComponentChildren }) {
  return <div class="empty">{props.children}</div>;
}

export function Failure(props: { error: ApiError; retry?: () => void }) {
  return (
    <div class="failure" role="alert">
      <p>{props.error.message}</p>
      {props.retry && (
        <button type="button" onClick={props.retry}>
          {t.retry}
        </button>
      )}
    </div>
  );
}

export function toApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(e instanceof Error ? e.message : t.failed, "INTERNAL_ERROR", 500);
}

/** Loads data with fn whenever deps change; reload() runs it again. */
export function useLoad<T>(fn: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: true });
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    fn().then(
      (data) => live && setState({ data, loading: false }),
      (e: unknown) => live && setState({ error: toApiError(e), loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, n]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  return { ...state, reload };
}

/** Runs an action, keeping its pending state and error. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = useCallback(async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (e) {
      setError(toApiError(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}

export function Pager(props: { offset: number; limit: number; count: number; onPage: (offset: number) => void }) {
  const { offset, limit, count } = props;
  if (count <= limit && offset === 0) return null;
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={offset === 0} onClick={() => props.onPage(Math.max(0, offset - limit))}>
        {t.previous}
      </button>
      <span>{t.pageOf(count === 0 ? 0 : offset + 1, Math.min(offset + limit, count), count)}</span>
      <button type="button" disabled={offset + limit >= count} onClick={() => props.onPage(offset + limit)}>
        {t.next}
      </button>
    </nav>
  );
}

export function CopyButton(props: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(props.text);
          setDone(true);
          setTimeout(() => setDone(false), 2000);
        } catch {
          setDone(false);
        }
      }}
    >
      {done ? t.copied : (props.label ?? t.copy)}
    </button>
  );
}

/** Saves text or base64 bytes as a file the browser downloads. */
export function download(name: string, type: string, content: string, base64 = false) {
  const bytes = base64 ? Uint8Array.from(atob(content), (c) => c.charCodeAt(0)) : new TextEncoder().encode(content);
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function PageTitle(props: { children: string; actions?: ComponentChildren }) {
  useEffect(() => {
    document.title = `${props.children} · ${t.appName}`;
  }, [props.children]);
  return (
    <div class="page-head">
      <h1 tabIndex={-1} id="page-title">
        {props.children}
      </h1>
      {props.actions && <div class="actions">{props.actions}</div>}
    </div>
  );
}

/** The items of a list that are present (the API's lists type their items as nullable). */
export function present<T>(items: readonly (T | null | undefined)[] | undefined): T[] {
  return (items ?? []).filter((x): x is T => x != null);
}

type Loaded<T> = { data?: T; error?: ApiError; loading: boolean; reload: () => void };

/**
 * A list's loading, failure and empty states; children renders the data
 * when count says it holds something.
 */
export function Listed<T>(props: {
  state: Loaded<T> & { page?: Page };
  count: (data: T) => number;
  empty: string;
  children: (data: T) => ComponentChildren;
}) {
  const { state } = props;
  if (state.error) return <Failure error={state.error} retry={state.reload} />;
  if (!state.data) return state.loading ? <Loading /> : null;
  const count = props.count(state.data);
  if (count === 0) return <Empty>{props.empty}</Empty>;
  return (
    <>
      {props.children(state.data)}
      {state.page && <Pager {...state.page} count={count} />}
    </>
  );
}

type Page = { offset: number; limit: number; onPage: (offset: number) => void };

/** Loads one page of a list with fn; the result's page drives Listed's pager. */
export function usePage<T>(
  size: number,
  fn: (page: { limit: number; offset: number }) => Promise<T>,
  deps: unknown[] = [],
) {
  const [offset, setOffset] = useState(0);
  const state = useLoad(() => fn({ limit: size, offset }), [...deps, offset]);
  return { ...state, page: { offset, limit: size, onPage: setOffset } };
}

/** A table with a header row; columns marked wide are hidden on a phone. */
export function Table(props: {
  columns: (string | { label: string; wide?: boolean; hidden?: boolean })[];
  children: ComponentChildren;
  compact?: boolean;
  caption?: string;
}) {
  return (
    <table class={props.compact ? "list compact" : "list"}>
      {props.caption && <caption class="sr-only">{props.caption}</caption>}
      <thead>
        <tr>
          {props.columns.map((c) => {
            const col = typeof c === "string" ? { label: c } : c;
            return (
              <th scope="col" class={col.wide ? "wide" : undefined} key={col.label}>
                {col.hidden ? <span class="sr-only">{col.label}</span> : col.label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}

/** A button that asks before deleting what, then runs onConfirm. */
export function DeleteButton(props: {
  what: string;
  busy?: boolean;
  onConfirm: () => unknown;
  label?: string;
  question?: string;
}) {
  return (
    <button
      type="button"
      class="danger"
      disabled={props.busy}
      onClick={() => {
        if (window.confirm(props.question ?? t.confirmDelete(props.what))) void props.onConfirm();
      }}
    >
      {props.label ?? t.delete}
    </button>
  );
}
