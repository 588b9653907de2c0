// Sign-in, sign-up, password recovery by mailed link, and API-key sign-in
// when the service trusts an external provider.
import { useEffect, useState } from "preact/hooks";
import { embeddedAuth, recover, setPassword, signIn, signUp, useKey } from "../api";
import { navigate } from "../router";
import { t } from "../strings";
import { ErrorNote, Field, Link, Loading, Notice, PageTitle, useAction } from "../ui";

type Mode = "signin" | "signup" | "forgot" | "reset";

export function SignIn(props: { mode: Mode; notice?: string }) {
  const [auth, setAuth] = useState<{ enabled: boolean; signup: boolean } | null>(null);
  useEffect(() => {
    embeddedAuth().then(setAuth, () => setAuth({ enabled: false, signup: false }));
  }, []);
  if (!auth) return <Loading />;
  if (!auth.enabled && props.mode !== "reset") return <KeySignIn />;
  return <PasswordForms mode={props.mode} signup={auth.signup} notice={props.notice} />;
}

function PasswordForms(props: { mode: Mode; signup: boolean; notice?: string }) {
  const { mode } = props;
  const [email, setEmail] = useState("");
  const [password, setPw] = useState("");
  const [notice, setNotice] = useState(props.notice ?? "");
  const act = useAction();
  const title =
    mode === "signup"
      ? t.auth.signUpTitle
      : mode === "forgot"
        ? t.auth.forgotTitle
        : mode === "reset"
          ? t.auth.resetTitle
          : t.auth.signInTitle;

  const submit = async (e: Event) => {
    e.preventDefault();
    setNotice("");
    await act.run(async () => {
      if (mode === "signin") {
        await signIn(email, password);
        navigate("/genies", true);
      } else if (mode === "signup") {
        if (await signUp(email, password)) navigate("/genies", true);
        else setNotice(t.auth.checkMail);
      } else if (mode === "forgot") {
        await recover(email);
        setNotice(t.auth.linkSent(email));
      } else {
        await setPassword(password);
        navigate("/genies", true);
      }
    });
  };

  return (
    <div class="auth-card">
      <p class="brand">{t.appName}</p>
      <PageTitle>{title}</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      <form onSubmit={submit} noValidate>
        {mode !== "reset" && (
          <Field
            label={t.auth.email}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onInput={setEmail}
            error={act.error}
            required
          />
        )}
        {mode !== "forgot" && (
          <Field
            label={mode === "reset" ? t.auth.newPassword : t.auth.password}
            name="password"
            type="password"
            autoComplete={mode === "signin" ? "current-password" : "new-password"}
            value={password}
            onInput={setPw}
            error={act.error}
            hint={mode === "signin" ? undefined : t.auth.passwordHint}
            required
          />
        )}
        <ErrorNote error={act.error} fields={["email", "password"]} />
        <button type="submit" class="primary" disabled={act.busy}>
          {mode === "signup"
            ? t.auth.signUp
            : mode === "forgot"
              ? t.auth.sendLink
              : mode === "reset"
                ? t.auth.setPassword
                : t.auth.signIn}
        </button>
      </form>
      <ul class="auth-links">
        {mode !== "signin" && mode !== "reset" && (
          <li>
            <Link to="/signin">{t.auth.toSignIn}</Link>
          </li>
        )}
        {mode === "signin" && props.signup && (
          <li>
            <Link to="/signup">{t.auth.toSignUp}</Link>
          </li>
        )}
        {mode === "signin" && (
          <li>
            <Link to="/forgot">{t.auth.toForgot}</Link>
          </li>
        )}
      </ul>
    </div>
  );
}

function KeySignIn() {
  const [key, setKey] = useState("");
  const act = useAction();
  return (
    <div class="auth-card">
      <p class="brand">{t.appName}</p>
      <PageTitle>{t.auth.externalTitle}</PageTitle>
      <p>{t.auth.external}</p>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          await act.run(async () => {
            await useKey(key);
            navigate("/genies", true);
          });
        }}
      >
        <Field
          label={t.auth.apiKey}
          name="key"
          type="password"
          autoComplete="off"
          value={key}
          onInput={setKey}
          hint={t.auth.keyHint}
          required
        />
        <ErrorNote error={act.error} />
        <button type="submit" class="primary" disabled={act.busy}>
          {t.auth.useKey}
        </button>
      </form>
    </div>
  );
}
