// Admin screens of the marketplace: the listings (search, edit, hide or
// show, delete, their reviews) and the categories and brands.
import { Fragment } from "preact";
import { useState } from "preact/hooks";
import type { components } from "@genie/client";
import { call } from "../api";
import { t } from "../strings";
import {
  DeleteButton,
  ErrorNote,
  Field,
  Listed,
  Notice,
  PageTitle,
  Pager,
  SearchForm,
  Table,
  usePage,
  When,
  useAction,
  useLoad,
} from "../ui";

type Listing = components["schemas"]["MarketplaceListing"];
type Review = components["schemas"]["MarketplaceReview"];
type Term = { id: string; name: string; slug: string };
const pageSize = 20;

const loadCategories = () =>
  (call("/v1/marketplace/categories", {}) as Promise<{ categories: Term[] }>).then((d) => d.categories);
const loadBrands = () => (call("/v1/marketplace/brands", {}) as Promise<{ brands: Term[] }>).then((d) => d.brands);

/** A slug from a name: lower-case letters and digits joined by hyphens. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
}

export function Listings() {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const list = usePage(
    pageSize,
    (page) => call("/v1/marketplace/all", { adminMode: true, ...page, query: { search: query, sortBy: "newest" } }),
    [query],
  );
  const categories = useLoad(loadCategories, []);
  const brands = useLoad(loadBrands, []);
  const act = useAction();
  return (
    <>
      <PageTitle>{t.market.listingsTitle}</PageTitle>
      <SearchForm
        label={t.market.search}
        button={t.market.searchButton}
        onSearch={(text) => {
          setQuery(text);
          list.page.onPage(0);
        }}
      />
      <ErrorNote error={act.error} />
      <Listed state={list} count={(d) => d.count} empty={query ? t.market.noMatch : t.market.noListings}>
        {(data) => (
          <Table
            columns={[
              t.market.name,
              { label: t.market.category, wide: true },
              t.market.visibility,
              { label: t.edit, hidden: true },
            ]}
          >
            {data.genies.map((l) => (
              <Fragment key={l.id}>
                <tr>
                  <td>
                    <strong>{l.display_name}</strong>
                    <br />
                    <span class="hint mono">{l.slug}</span>
                  </td>
                  <td class="wide">
                    {l.category.name}
                    {l.brand ? ` · ${l.brand.name}` : ""}
                  </td>
                  <td>
                    <span class={`badge ${l.is_public ? "ok" : "off"}`}>
                      {l.is_public ? t.market.shown : t.market.hidden}
                    </span>{" "}
                    {l.is_featured && <span class="badge">{t.market.featured}</span>}
                  </td>
                  <td class="row-actions">
                    <button
                      type="button"
                      aria-expanded={open === l.id}
                      aria-label={`${t.edit}: ${l.display_name}`}
                      onClick={() => setOpen(open === l.id ? null : l.id)}
                    >
                      {t.edit}
                    </button>{" "}
                    <button
                      type="button"
                      disabled={act.busy}
                      aria-label={`${l.is_public ? t.market.hide : t.market.show}: ${l.display_name}`}
                      onClick={async () => {
                        if (await act.run(() => call("/v1/marketplace/update", { is_public: !l.is_public }, l.id)))
                          list.reload();
                      }}
                    >
                      {l.is_public ? t.market.hide : t.market.show}
                    </button>
                  </td>
                </tr>
                {open === l.id && (
                  <tr class="editor-row">
                    <td colSpan={4}>
                      <ListingEditor
                        listing={l}
                        categories={categories.data ?? []}
                        brands={brands.data ?? []}
                        onDone={() => {
                          setOpen(null);
                          list.reload();
                        }}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </Table>
        )}
      </Listed>
    </>
  );
}

function ListingEditor(props: { listing: Listing; categories: Term[]; brands: Term[]; onDone: () => void }) {
  const l = props.listing;
  const [name, setName] = useState(l.display_name);
  const [slug, setSlug] = useState(l.slug);
  const [tagline, setTagline] = useState(l.tagline);
  const [description, setDescription] = useState(l.description);
  const [category, setCategory] = useState(l.category_id);
  const [brand, setBrand] = useState(l.brand_id ?? "");
  const [thumbnail, setThumbnail] = useState(l.thumbnail_url ?? "");
  const [isPublic, setPublic] = useState(l.is_public);
  const [featured, setFeatured] = useState(l.is_featured);
  const act = useAction();
  const invalid = (f: string) => (act.error?.field === f ? "field invalid" : "field");
  return (
    <div class="listing-editor">
      <form
        noValidate
        aria-label={`${t.edit}: ${l.display_name}`}
        onSubmit={async (e) => {
          e.preventDefault();
          const body = {
            display_name: name,
            slug,
            tagline,
            description,
            category_id: category,
            brand_id: brand || null,
            thumbnail_url: thumbnail || null,
            is_public: isPublic,
            is_featured: featured,
          };
          if (await act.run(() => call("/v1/marketplace/update", body, l.id))) props.onDone();
        }}
      >
        <div class="row">
          <Field label={t.market.name} name="display_name" value={name} onInput={setName} error={act.error} />
          <Field label={t.market.slug} name="slug" value={slug} onInput={setSlug} error={act.error} />
        </div>
        <Field label={t.market.tagline} name="tagline" value={tagline} onInput={setTagline} error={act.error} />
        <Field
          label={t.market.description}
          name="description"
          value={description}
          onInput={setDescription}
          error={act.error}
          multiline
          rows={4}
        />
        <div class="row">
          <div class={invalid("category_id")}>
            <label for={`cat-${l.id}`}>{t.market.category}</label>
            <select id={`cat-${l.id}`} value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
              {props.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div class={invalid("brand_id")}>
            <label for={`brand-${l.id}`}>{t.market.brand}</label>
            <select id={`brand-${l.id}`} value={brand} onChange={(e) => setBrand(e.currentTarget.value)}>
              <option value="">{t.market.noBrand}</option>
              {props.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Field
          label={t.market.thumbnail}
          name="thumbnail_url"
          type="url"
          value={thumbnail}
          onInput={setThumbnail}
          error={act.error}
        />
        <label class="check">
          <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.currentTarget.checked)} />
          {t.market.isPublic}
        </label>
        <label class="check">
          <input type="checkbox" checked={featured} onChange={(e) => setFeatured(e.currentTarget.checked)} />
          {t.market.isFeatured}
        </label>
        <ErrorNote
          error={act.error}
          fields={["display_name", "slug", "tagline", "description", "category_id", "brand_id", "thumbnail_url"]}
        />
        <div class="buttons">
          <button type="submit" class="primary" disabled={act.busy}>
            {t.save}
          </button>
          <DeleteButton
            what={l.display_name}
            busy={act.busy}
            question={t.market.deleteConfirm(l.display_name)}
            onConfirm={async () => {
              if (await act.run(() => call("/v1/marketplace/delete", {}, l.id))) props.onDone();
            }}
          />
        </div>
      </form>
      <p class="meta">
        {t.market.stats(l.rating, l.rating_count, l.clone_count, l.view_count)} · {t.genies.updated}{" "}
        <When at={l.updated_at} />
      </p>
      <Reviews listingId={l.id} />
    </div>
  );
}

/** A listing's reviews; the API lets only their authors change or delete them. */
function Reviews(props: { listingId: string }) {
  const list = usePage(
    10,
    (page) => call("/v1/marketplace/reviews", page, props.listingId) as Promise<{ items: Review[]; count: number }>,
    [props.listingId],
  );
  return (
    <section aria-label={t.market.reviews}>
      <h3>{t.market.reviews}</h3>
      <p class="hint">{t.market.reviewsHelp}</p>
      <Listed state={list} count={(d) => d.count} empty={t.market.noReviews}>
        {(data) => (
          <ul class="reviews">
            {data.items.map((r) => (
              <li key={r.id}>
                <p>
                  <strong>{t.market.stars(r.rating)}</strong> · {r.reviewer_name || t.market.anonymous}
                  {r.is_verified_clone && <span class="badge ok">{t.market.verified}</span>} ·{" "}
                  <When at={r.created_at} />
                </p>
                {r.review_text && <p class="review-text">{r.review_text}</p>}
              </li>
            ))}
          </ul>
        )}
      </Listed>
    </section>
  );
}

export function Taxonomy() {
  return (
    <>
      <PageTitle>{t.market.taxonomyTitle}</PageTitle>
      <Terms
        id="categories"
        title={t.market.categories}
        empty={t.market.noCategories}
        load={loadCategories}
        create={(name, slug) => call("/v1/marketplace/categories", { mode: "create", name, slug })}
        rename={(id, name) => call("/v1/marketplace/categories", { mode: "update", id, name })}
        remove={(id) => call("/v1/marketplace/categories", { mode: "delete", id })}
      />
      <Terms
        id="brands"
        title={t.market.brands}
        empty={t.market.noBrands}
        load={loadBrands}
        create={(name, slug) => call("/v1/marketplace/brands", { mode: "create", name, slug })}
        rename={(id, name) => call("/v1/marketplace/brands", { mode: "update", id, name })}
        remove={(id) => call("/v1/marketplace/brands", { mode: "delete", id })}
      />
    </>
  );
}

/** Categories or brands: create, rename, delete; the list is paged here (the API answers it whole). */
function Terms(props: {
  id: string;
  title: string;
  empty: string;
  load: () => Promise<Term[]>;
  create: (name: string, slug: string) => Promise<unknown>;
  rename: (id: string, name: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
}) {
  const list = useLoad(props.load, []);
  const [offset, setOffset] = useState(0);
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const [notice, setNotice] = useState("");
  const add = useAction();
  const act = useAction();
  const terms = list.data ?? [];
  return (
    <section class="panel" aria-labelledby={`${props.id}-h`}>
      <h2 id={`${props.id}-h`}>{props.title}</h2>
      <form
        class="inline"
        noValidate
        aria-label={`${t.create}: ${props.title}`}
        onSubmit={async (e) => {
          e.preventDefault();
          setNotice("");
          if (await add.run(() => props.create(name, slug || slugify(name)))) {
            setName("");
            setSlug("");
            setNotice(t.market.created);
            list.reload();
          }
        }}
      >
        <Field label={t.market.name} name="name" value={name} onInput={setName} error={add.error} />
        <Field
          label={t.market.slug}
          name="slug"
          value={slug}
          onInput={setSlug}
          error={add.error}
          hint={t.market.slugHint(slugify(name))}
        />
        <button type="submit" class="primary" disabled={add.busy}>
          {t.create}
        </button>
        <ErrorNote error={add.error} fields={["name", "slug"]} />
      </form>
      {notice && <Notice>{notice}</Notice>}
      <ErrorNote error={act.error} fields={["name"]} />
      <Listed state={list} count={(d) => d.length} empty={props.empty}>
        {(data) => (
          <>
            <Table columns={[t.market.name, { label: t.market.slug, wide: true }, { label: t.edit, hidden: true }]}>
              {data.slice(offset, offset + pageSize).map((term) => (
                <tr key={term.id}>
                  <td>
                    {editing === term.id ? (
                      <form
                        class="inline"
                        noValidate
                        onSubmit={async (e) => {
                          e.preventDefault();
                          if (await act.run(() => props.rename(term.id, newName))) {
                            setEditing(null);
                            list.reload();
                          }
                        }}
                      >
                        <Field
                          label={t.market.newName(term.name)}
                          name="name"
                          value={newName}
                          onInput={setNewName}
                          error={act.error}
                        />
                        <button type="submit" class="primary" disabled={act.busy}>
                          {t.save}
                        </button>
                        <button type="button" onClick={() => setEditing(null)}>
                          {t.cancel}
                        </button>
                      </form>
                    ) : (
                      term.name
                    )}
                  </td>
                  <td class="wide mono">{term.slug}</td>
                  <td class="row-actions">
                    {editing !== term.id && (
                      <button
                        type="button"
                        aria-label={t.market.rename(term.name)}
                        onClick={() => {
                          act.setError(null);
                          setNewName(term.name);
                          setEditing(term.id);
                        }}
                      >
                        {t.market.renameButton}
                      </button>
                    )}{" "}
                    <DeleteButton
                      what={term.name}
                      busy={act.busy}
                      label={t.delete}
                      onConfirm={async () => {
                        if (await act.run(() => props.remove(term.id))) list.reload();
                      }}
                    />
                  </td>
                </tr>
              ))}
            </Table>
            <Pager offset={offset} limit={pageSize} count={terms.length} onPage={setOffset} />
          </>
        )}
      </Listed>
    </section>
  );
}
