// Drives the real @supabase/auth-js client against genie's embedded
// provider: sign up, sign in, call the API, refresh, get user, sign out,
// and check that the signed-out access token is refused by the v1 API.
// Usage: GENIE_URL=http://127.0.0.1:8080 node roundtrip.mjs
import assert from 'node:assert/strict';
import { AuthClient } from '@supabase/auth-js';

const base = process.env.GENIE_URL;
assert.ok(base, 'GENIE_URL is required');

const newClient = () => new AuthClient({
  url: `${base}/auth/v1`,
  autoRefreshToken: false,
  persistSession: false,
  detectSessionInUrl: false,
});

async function v1(token, body) {
  const res = await fetch(`${base}/v1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const steps = [];
const step = (name) => steps.push(name);

const email = `authjs-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const password = 'correct horse battery';

const client = newClient();

// Sign up: the embedded provider confirms at once and returns a session.
const up = await client.signUp({ email, password, options: { data: { full_name: 'Auth Js' } } });
assert.equal(up.error, null, `signUp error: ${up.error?.message}`);
assert.equal(up.data.user.email, email);
assert.ok(up.data.session?.access_token, 'signUp returned no session');
assert.equal(up.data.user.user_metadata.full_name, 'Auth Js');
step('signUp');

// Duplicate sign-up is refused with GoTrue's error code.
const dup = await newClient().signUp({ email, password });
assert.ok(dup.error, 'duplicate signUp succeeded');
assert.equal(dup.error.code, 'user_already_exists');
step('signUp duplicate refused');

// Wrong password.
const bad = await newClient().signInWithPassword({ email, password: 'wrong password' });
assert.ok(bad.error, 'wrong password accepted');
assert.equal(bad.error.code, 'invalid_credentials');
step('signInWithPassword wrong password refused');

// Sign in.
const inRes = await client.signInWithPassword({ email, password });
assert.equal(inRes.error, null, `signIn error: ${inRes.error?.message}`);
const s1 = inRes.data.session;
assert.equal(s1.token_type, 'bearer');
assert.equal(s1.expires_in, 3600);
assert.ok(s1.expires_at > Date.now() / 1000 + 3500);
step('signInWithPassword');

// The access token works on the v1 API (API keys need a session token).
let r = await v1(s1.access_token, { resource: 'api-keys', action: 'create', data: { name: 'from auth-js' } });
assert.equal(r.status, 201, JSON.stringify(r.body));
assert.ok(r.body.data.api_key.key.startsWith('svc_live_'));
step('v1 api-keys create with the session token');

// Refresh rotates the refresh token.
const ref = await client.refreshSession();
assert.equal(ref.error, null, `refresh error: ${ref.error?.message}`);
const s2 = ref.data.session;
assert.notEqual(s2.refresh_token, s1.refresh_token);
assert.ok(s2.access_token);
r = await v1(s2.access_token, { resource: 'api-keys', action: 'list' });
assert.equal(r.status, 200, JSON.stringify(r.body));
assert.equal(r.body.data.count, 1);
step('refreshSession');

// Get user.
const gu = await client.getUser();
assert.equal(gu.error, null, `getUser error: ${gu.error?.message}`);
assert.equal(gu.data.user.email, email);
assert.equal(gu.data.user.id, up.data.user.id);
step('getUser');

// Two tabs refreshing the same session at once both stay signed in
// (GoTrue's refresh-token reuse interval; the server under test uses 1 s).
const [tabA, tabB] = await Promise.all([
  newClient().refreshSession({ refresh_token: s2.refresh_token }),
  newClient().refreshSession({ refresh_token: s2.refresh_token }),
]);
assert.equal(tabA.error, null, `first tab: ${tabA.error?.message}`);
assert.equal(tabB.error, null, `second tab: ${tabB.error?.message}`);
for (const tab of [tabA, tabB]) {
  r = await v1(tab.data.session.access_token, { resource: 'api-keys', action: 'list' });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}
step('concurrent refreshes within the reuse interval');

// Past the interval, a used refresh token presented again ends the session.
await new Promise((done) => setTimeout(done, 1500));
const reuse = await newClient().refreshSession({ refresh_token: s1.refresh_token });
assert.ok(reuse.error, 'reused refresh token accepted');
r = await v1(tabA.data.session.access_token, { resource: 'api-keys', action: 'list' });
assert.equal(r.status, 401, 'the session survived refresh-token reuse');
step('used refresh token refused after the interval');

// Sign in again (reuse detection ended that session), then sign out.
const again = await client.signInWithPassword({ email, password });
assert.equal(again.error, null);
const s3 = again.data.session;
const out = await client.signOut();
assert.equal(out.error, null, `signOut error: ${out.error?.message}`);
step('signOut');

r = await v1(s3.access_token, { resource: 'api-keys', action: 'list' });
assert.equal(r.status, 401, JSON.stringify(r.body));
assert.equal(r.body.error.code, 'INVALID_TOKEN');
step('signed-out access token refused with 401 INVALID_TOKEN');

const gone = await newClient().refreshSession({ refresh_token: s3.refresh_token });
assert.ok(gone.error, 'refresh after sign-out accepted');
step('refresh after signOut refused');

console.log(JSON.stringify({ ok: true, steps }));
