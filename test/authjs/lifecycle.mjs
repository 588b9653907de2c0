// Drives the real @supabase/auth-js client through the sign-in lifecycle of
// genie's embedded provider: updateUser (metadata, password, email),
// resetPasswordForEmail with the mail read from a real SMTP relay,
// verifyOtp by code and by token_hash, spent and expired codes, closed
// sign-up and sign-up with email confirmation.
//
// Usage (run by internal/identity/authjs_test.go):
//   GENIE_URL=...          a server with default settings
//   GENIE_CLOSED_URL=...   a server with --disable-signup
//   GENIE_CONFIRM_URL=...  a server with --mailer-autoconfirm=false
//   MAIL_DESK=...          the test's helper: GET /mail?to=&n= returns the
//                          n-th mail to an address as {subject, text},
//                          POST /advance?seconds= moves the servers' clock
import assert from 'node:assert/strict';
import { AuthClient } from '@supabase/auth-js';

const env = (name) => {
  assert.ok(process.env[name], `${name} is required`);
  return process.env[name];
};
const base = env('GENIE_URL');
const closedBase = env('GENIE_CLOSED_URL');
const confirmBase = env('GENIE_CONFIRM_URL');
const desk = env('MAIL_DESK');

const newClient = (url = base) => new AuthClient({
  url: `${url}/auth/v1`,
  autoRefreshToken: false,
  persistSession: false,
  detectSessionInUrl: false,
});

const steps = [];
const step = (name) => steps.push(name);

// The n-th mail to an address, as the relay received it: the code on its
// own line, and the verify link with its token (GoTrue's token_hash).
async function readMail(to, n) {
  const res = await fetch(`${desk}/mail?to=${encodeURIComponent(to)}&n=${n}`);
  const body = await res.text();
  assert.equal(res.status, 200, `mail ${n} to ${to}: ${body}`);
  const { subject, text } = JSON.parse(body);
  const code = text.match(/^\s+(\d{6})\s*$/m)?.[1];
  const link = text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  assert.ok(code && link, `mail without code or link: ${text}`);
  return { subject, text, code, link, tokenHash: new URL(link).searchParams.get('token') };
}

async function advanceClock(seconds) {
  const res = await fetch(`${desk}/advance?seconds=${seconds}`, { method: 'POST' });
  assert.equal(res.status, 204);
}

async function v1(token, body) {
  const res = await fetch(`${base}/v1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `lifecycle-${unique()}@example.com`;
const password = 'first password';

// --- updateUser -----------------------------------------------------------
const client = newClient();
const up = await client.signUp({ email, password });
assert.equal(up.error, null, `signUp: ${up.error?.message}`);
assert.ok(up.data.session);

let r = await client.updateUser({ data: { plan: 'pro', full_name: 'Life Cycle' } });
assert.equal(r.error, null, `updateUser data: ${r.error?.message}`);
assert.equal(r.data.user.user_metadata.plan, 'pro');
assert.equal(r.data.user.user_metadata.full_name, 'Life Cycle');
r = await client.updateUser({ data: { plan: null } });
assert.equal(r.error, null);
assert.equal(r.data.user.user_metadata.plan, undefined);
assert.equal(r.data.user.user_metadata.full_name, 'Life Cycle');
step('updateUser data');

r = await client.updateUser({ password: 'short' });
assert.equal(r.error?.code, 'weak_password');
r = await client.updateUser({ password });
assert.equal(r.error?.code, 'same_password');
r = await client.updateUser({ password: 'second password' });
assert.equal(r.error, null, `updateUser password: ${r.error?.message}`);
let bad = await newClient().signInWithPassword({ email, password });
assert.equal(bad.error?.code, 'invalid_credentials', 'the old password still works');
let good = await newClient().signInWithPassword({ email, password: 'second password' });
assert.equal(good.error, null, `new password: ${good.error?.message}`);
step('updateUser password: the new one works, the old does not');

// --- resetPasswordForEmail -> mail through the relay -> verifyOtp --------
const reset = await newClient().resetPasswordForEmail(email, { redirectTo: `${base}/reset` });
assert.equal(reset.error, null, `resetPasswordForEmail: ${reset.error?.message}`);
assert.deepEqual(reset.data, {});
const unknown = await newClient().resetPasswordForEmail(`nobody-${unique()}@example.com`);
assert.equal(unknown.error, null, 'an unknown address is told apart');
assert.deepEqual(unknown.data, {});
step('resetPasswordForEmail answers {} for known and unknown addresses');

let m = await readMail(email, 1);
assert.match(m.subject, /Reset/);
assert.ok(m.link.startsWith(`${base}/auth/v1/verify?`), m.link);
assert.equal(new URL(m.link).searchParams.get('redirect_to'), `${base}/reset`);
step('recovery mail read from the SMTP relay');

const recovering = newClient();
const events = [];
recovering.onAuthStateChange((event) => events.push(event));
let v = await recovering.verifyOtp({ email, token: m.code, type: 'recovery' });
assert.equal(v.error, null, `verifyOtp recovery: ${v.error?.message}`);
assert.ok(v.data.session?.access_token);
assert.equal(v.data.user.email, email);
assert.ok(events.includes('PASSWORD_RECOVERY'), `events: ${events}`);
r = await recovering.updateUser({ password: 'recovered password' });
assert.equal(r.error, null, `updateUser after recovery: ${r.error?.message}`);
bad = await newClient().signInWithPassword({ email, password: 'second password' });
assert.equal(bad.error?.code, 'invalid_credentials', 'the password from before the reset still works');
good = await newClient().signInWithPassword({ email, password: 'recovered password' });
assert.equal(good.error, null, `recovered password: ${good.error?.message}`);
// The session signed in elsewhere before the change has ended.
r = await v1(up.data.session.access_token, { resource: 'api-keys', action: 'list' });
assert.equal(r.status, 401, 'a session from before the password change survived');
step('verifyOtp(recovery) -> updateUser(password): the new password works, the old does not');

v = await newClient().verifyOtp({ email, token: m.code, type: 'recovery' });
assert.equal(v.error?.code, 'otp_expired', 'a used code was accepted again');
assert.equal(v.error?.status, 403);
v = await newClient().verifyOtp({ token_hash: m.tokenHash, type: 'recovery' });
assert.equal(v.error?.code, 'otp_expired', "the used mail's link was accepted");
step('code reuse refused');

await newClient().resetPasswordForEmail(email);
m = await readMail(email, 2);
v = await newClient().verifyOtp({ token_hash: m.tokenHash, type: 'recovery' });
assert.equal(v.error, null, `verifyOtp token_hash: ${v.error?.message}`);
assert.equal(v.data.user.email, email);
v = await newClient().verifyOtp({ token_hash: m.tokenHash, type: 'recovery' });
assert.equal(v.error?.code, 'otp_expired');
step('verifyOtp by token_hash, once');

// --- updateUser email -> confirmation mail -> verifyOtp(email_change) ----
const moved = `moved-${unique()}@example.com`;
const mover = newClient();
await mover.signInWithPassword({ email, password: 'recovered password' });
r = await mover.updateUser({ email: moved });
assert.equal(r.error, null, `updateUser email: ${r.error?.message}`);
assert.equal(r.data.user.email, email);
assert.equal(r.data.user.new_email, moved);
m = await readMail(moved, 1);
v = await mover.verifyOtp({ email: moved, token: m.code, type: 'email_change' });
assert.equal(v.error, null, `verifyOtp email_change: ${v.error?.message}`);
assert.equal(v.data.user.email, moved);
good = await newClient().signInWithPassword({ email: moved, password: 'recovered password' });
assert.equal(good.error, null);
step('updateUser email confirmed with verifyOtp(email_change)');

// --- expiry (last: it moves the servers' clock) -------------------------
await newClient().resetPasswordForEmail(moved);
m = await readMail(moved, 2);
await advanceClock(3601);
v = await newClient().verifyOtp({ email: moved, token: m.code, type: 'recovery' });
assert.equal(v.error?.code, 'otp_expired', 'an expired code was accepted');
v = await newClient().verifyOtp({ token_hash: m.tokenHash, type: 'recovery' });
assert.equal(v.error?.code, 'otp_expired', 'an expired link was accepted');
step('expired code and link refused');

// --- sign-up closed by flag --------------------------------------------
const closedSettings = await (await fetch(`${closedBase}/auth/v1/settings`)).json();
assert.equal(closedSettings.disable_signup, true);
const closed = await newClient(closedBase).signUp({ email: `closed-${unique()}@example.com`, password });
assert.equal(closed.error?.code, 'signup_disabled');
assert.equal(closed.error?.status, 422);
assert.equal(closed.data.session, null);
step('signUp refused: signup_disabled');

// --- sign-up with email confirmation -------------------------------------
const confirmSettings = await (await fetch(`${confirmBase}/auth/v1/settings`)).json();
assert.equal(confirmSettings.mailer_autoconfirm, false);
const newcomer = `newcomer-${unique()}@example.com`;
const cc = newClient(confirmBase);
const su = await cc.signUp({ email: newcomer, password });
assert.equal(su.error, null, `signUp needing confirmation: ${su.error?.message}`);
assert.equal(su.data.session, null, 'a session before confirmation');
assert.equal(su.data.user.email, newcomer);
assert.equal(su.data.user.email_confirmed_at, undefined);
bad = await newClient(confirmBase).signInWithPassword({ email: newcomer, password });
assert.equal(bad.error?.code, 'email_not_confirmed');
m = await readMail(newcomer, 1);
assert.match(m.subject, /Confirm/);
v = await cc.verifyOtp({ email: newcomer, token: m.code, type: 'signup' });
assert.equal(v.error, null, `verifyOtp signup: ${v.error?.message}`);
assert.ok(v.data.session?.access_token);
assert.ok(v.data.user.email_confirmed_at);
good = await newClient(confirmBase).signInWithPassword({ email: newcomer, password });
assert.equal(good.error, null, `sign in after confirming: ${good.error?.message}`);
step('signUp -> email_not_confirmed -> verifyOtp(signup) -> signInWithPassword');

console.log(JSON.stringify({ ok: true, steps }));
