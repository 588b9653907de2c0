// Lighthouse (npm lighthouse@12.2.3, the last release that runs on Node 20)
// on the console's sign-in page and a genie's page, mobile and desktop
// presets, in the Chromium at $CHROMIUM (default /usr/bin/chromium), against
// a running `genie serve` at $GENIE_URL. Lighthouse is not a dependency of
// the test suite; install it apart and name its binary:
//
//   (mkdir -p /tmp/lh && cd /tmp/lh && npm install lighthouse@12.2.3)
//   LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse GENIE_URL=http://127.0.0.1:8080 node test/console/lighthouse.mjs
//
// It signs up a throwaway user with a document and a genie, runs Lighthouse
// on /console/signin, signs in through the page (a persistent profile keeps
// the session) and runs it on /console/genies/<id>. Prints one line a run.
import { chromium } from "playwright-core";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const B = process.env.GENIE_URL ?? "http://127.0.0.1:8080";
const LH = process.env.LIGHTHOUSE ?? "lighthouse";
const dir = mkdtempSync(join(tmpdir(), "genie-lh-"));
const email = `lighthouse-${Date.now().toString(36)}@example.com`;
const password = "correct horse battery";

async function post(path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(B + path, { method: "POST", headers, body: JSON.stringify(body) });
  return r.json();
}
const session = await post("/auth/v1/signup", { email, password });
const doc = await post("/v1/documents/create", { name: "FAQ", content: "We open at 9." }, session.access_token);
const genie = await post(
  "/v1/genies/create",
  { name: "Front desk", document_ids: [doc.data.document.id] },
  session.access_token,
);

const ctx = await chromium.launchPersistentContext(join(dir, "profile"), {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--remote-debugging-port=9333"],
});
async function lighthouse(url, name, preset) {
  const out = join(dir, `${name}.json`);
  const args = [
    url,
    "--port=9333",
    "--disable-storage-reset",
    "--quiet",
    "--output=json",
    `--output-path=${out}`,
    "--only-categories=accessibility,best-practices,performance",
  ];
  if (preset) args.push(`--preset=${preset}`);
  await run(LH, args); // async: Playwright must keep serving the browser meanwhile
  const r = JSON.parse(readFileSync(out, "utf8"));
  const scores = Object.fromEntries(Object.entries(r.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
  console.log(name, JSON.stringify(scores));
}
try {
  await lighthouse(`${B}/console/signin`, "signin-mobile");
  await lighthouse(`${B}/console/signin`, "signin-desktop", "desktop");
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  await page.goto(`${B}/console/signin`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { level: 1, name: "Genies" }).waitFor();
  await lighthouse(`${B}/console/genies/${genie.data.genie.id}`, "genie-mobile");
  await lighthouse(`${B}/console/genies/${genie.data.genie.id}`, "genie-desktop", "desktop");
} finally {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
}
