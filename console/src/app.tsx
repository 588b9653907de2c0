// The console's frame: who is signed in, the navigation, and which screen
// the path names.
import { useEffect, useState } from "preact/hooks";
import { onSession, session, sessionFromURL, signOut } from "./api";
import { navigate, useRoute } from "./router";
import { SignIn } from "./screens/signin";
import { GenieList, GeniePage } from "./screens/genies";
import { DocumentList, DocumentPage } from "./screens/documents";
import { Keys } from "./screens/keys";
import { Webhooks, WebhookPage } from "./screens/webhooks";
import { Users } from "./screens/users";
import { Events } from "./screens/events";
import { Generated } from "./screens/generated";
import { Emails, Health, MailCredentials, Submissions, Voices } from "./screens/admin";
import { Listings, Taxonomy } from "./screens/marketplace";
import { t } from "./strings";
import { Failure, Link, Loading, toApiError } from "./ui";
import type { ApiError } from "./api";

export function App() {
  const [s, setS] = useState(session());
  const [linkType, setLinkType] = useState<string | null | undefined>(
    window.location.hash.includes("access_token") || window.location.hash.includes("error") ? undefined : null,
  );
  const [linkError, setLinkError] = useState<ApiError | null>(null);
  const path = useRoute();
  useEffect(() => onSession(() => setS(session())), []);
  useEffect(() => {
    if (linkType !== undefined) return;
    sessionFromURL().then(
      (type) => {
        setLinkType(type);
        if (type === "recovery") navigate("/reset", true);
      },
      (e: unknown) => {
        setLinkError(toApiError(e));
        setLinkType(null);
      },
    );
  }, [linkType]);
  // Moves focus to the new page's heading so that screen readers announce it.
  useEffect(() => {
    document.getElementById("page-title")?.focus({ preventScroll: true });
  }, [path]);

  if (linkType === undefined) return <Loading />;
  if (!s) {
    const mode = path === "/signup" ? "signup" : path === "/forgot" ? "forgot" : "signin";
    return (
      <main id="main" class="auth">
        {linkError && <Failure error={linkError} />}
        <SignIn mode={mode} />
      </main>
    );
  }
  if (path === "/reset") {
    return (
      <main id="main" class="auth">
        <SignIn mode="reset" />
      </main>
    );
  }
  if (path === "/" || path === "/signin" || path === "/signup" || path === "/forgot") {
    queueMicrotask(() => navigate("/genies", true));
    return <Loading />;
  }
  const admin = s.role === "internal_admin";
  return (
    <>
      <a class="skip" href="#main">
        {t.skip}
      </a>
      <header class="top">
        <span class="brand">{t.appName}</span>
        <span class="who">{s.email || (s.kind === "key" ? t.auth.apiKey : "")}</span>
        <button
          type="button"
          class="link"
          onClick={async () => {
            await signOut();
            navigate("/signin", true);
          }}
        >
          {t.nav.signOut}
        </button>
      </header>
      <div class="layout">
        <nav class="side" aria-label={t.nav.label}>
          <ul>
            <NavItem to="/genies" path={path} label={t.nav.genies} />
            <NavItem to="/documents" path={path} label={t.nav.documents} />
            <NavItem to="/generated" path={path} label={t.nav.generated} />
            {s.kind === "session" && <NavItem to="/keys" path={path} label={t.nav.keys} />}
            <NavItem to="/webhooks" path={path} label={t.nav.webhooks} />
            <NavItem to="/events" path={path} label={t.nav.events} />
          </ul>
          {admin && (
            <>
              <p class="nav-group">{t.nav.admin}</p>
              <ul>
                <NavItem to="/admin/users" path={path} label={t.nav.users} />
                <NavItem to="/admin/submissions" path={path} label={t.nav.submissions} />
                <NavItem to="/admin/listings" path={path} label={t.nav.listings} />
                <NavItem to="/admin/taxonomy" path={path} label={t.nav.taxonomy} />
                <NavItem to="/admin/voices" path={path} label={t.nav.voices} />
                <NavItem to="/admin/emails" path={path} label={t.nav.emails} />
                <NavItem to="/admin/mail" path={path} label={t.nav.mailCredentials} />
                <NavItem to="/admin/health" path={path} label={t.nav.health} />
              </ul>
            </>
          )}
        </nav>
        <main id="main" class="content">
          <Screen path={path} admin={admin} />
        </main>
      </div>
    </>
  );
}

function NavItem(props: { to: string; path: string; label: string }) {
  const current = props.path === props.to || props.path.startsWith(props.to + "/");
  return (
    <li>
      <Link to={props.to} current={current}>
        {props.label}
      </Link>
    </li>
  );
}

function Screen(props: { path: string; admin: boolean }) {
  const parts = props.path.split("/").filter(Boolean);
  const [a, b, c] = parts;
  switch (a) {
    case "genies":
      return b ? <GeniePage id={decodeURIComponent(b)} tab={c} /> : <GenieList />;
    case "documents":
      return b ? <DocumentPage id={decodeURIComponent(b)} /> : <DocumentList />;
    case "generated":
      return <Generated />;
    case "keys":
      return <Keys />;
    case "webhooks":
      return b ? <WebhookPage id={decodeURIComponent(b)} /> : <Webhooks />;
    case "events":
      return <Events />;
    case "admin":
      if (!props.admin) return <p>{t.admin.forbidden}</p>;
      if (b === "users") return <Users />;
      if (b === "submissions") return <Submissions />;
      if (b === "voices") return <Voices />;
      if (b === "emails") return <Emails />;
      if (b === "listings") return <Listings />;
      if (b === "taxonomy") return <Taxonomy />;
      if (b === "mail") return <MailCredentials />;
      return <Health />;
    default:
      return <p>{t.notFound}</p>;
  }
}
