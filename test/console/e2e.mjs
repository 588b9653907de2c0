// Drives the console in real Chromium (playwright-core, the browser at
// $CHROMIUM) against the real server at $GENIE_URL, at a phone and a
// desktop width. Internal/console's Go test starts the server (on each
// store) and $HELPER_URL (the mailed recovery link, inbound mail, a webhook
// receiver). Every screen: a screenshot in $SHOTS, an axe-core scan (no
// serious or critical findings), and no console error or CSP violation.
// The last line printed is {"ok", "screens", "problems"}.
import { chromium } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";

const B = process.env.GENIE_URL;
const H = process.env.HELPER_URL;
const SHOTS = process.env.SHOTS;
const screens = [];
const problems = [];
const run = Date.now().toString(36);
const DOC = [
  "# Opening hours",
  "We open at 9 on weekdays and at 10 on Sunday. We close at 18 every day.",
  "# Parking",
  "Parking is free behind the shop for two hours.",
  "# Delivery",
  "We deliver on Tuesdays and Fridays within 10 km. Delivery costs 5 euros.",
  "# Payment",
  "We accept cash, debit cards and credit cards.",
  "# Returns",
  "You can return unused items within 30 days with the receipt.",
  "# Gift cards",
  "Gift cards are sold at the counter and never expire.",
  "# Pets",
  "Dogs on a lead are welcome in the shop.",
  "# Contact",
  "Call us at 555-0100 or write to hello@example.com.",
].join("\n\n");

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ["--no-sandbox"] });

let allowHttpErrors = false;
let current = null;

async function open(viewport, label) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: B });
  const page = await context.newPage();
  current = page;
  track(page);
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    // A deliberately bad input is answered 4xx, which Chromium logs.
    if (allowHttpErrors && /status of 4\d\d/.test(m.text())) return;
    problems.push(`${label}: console error on ${page.url()}: ${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => problems.push(`${label}: page error: ${e.message}`));
  page.on("dialog", (d) => d.accept());
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return { context, page };
}

// idle waits until the page has had no request in flight for 300 ms
// (Playwright's networkidle never comes for a frame whose document the
// console writes itself).
const inflight = new WeakMap();
function track(page) {
  inflight.set(page, 0);
  const net = (r) => r.url().startsWith("http");
  page.on("request", (r) => net(r) && inflight.set(page, inflight.get(page) + 1));
  const done = (r) => net(r) && inflight.set(page, inflight.get(page) - 1);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
}
async function idle(page) {
  for (let quiet = 0, i = 0; quiet < 6 && i < 100; i++) {
    await page.waitForTimeout(50);
    quiet = inflight.get(page) > 0 ? 0 : quiet + 1;
  }
}

// check records a screen: screenshot, axe scan, CSP violations so far.
async function check(page, label, name) {
  await idle(page);
  await page.waitForFunction(() => !document.querySelector(".loading"), null, { timeout: 10000 }).catch(() => {});
  const id = `${label}-${String(screens.length).padStart(2, "0")}-${name}`;
  await page.screenshot({ path: `${SHOTS}/${id}.png`, fullPage: true });
  // The system email preview is a sandboxed frame that runs no script, so
  // axe cannot run inside it; the email's HTML is the mail's, not the console's.
  const axe = await new AxeBuilder({ page }).exclude("iframe.email").analyze();
  for (const v of axe.violations) {
    if (v.impact === "serious" || v.impact === "critical") {
      problems.push(
        `${id}: axe ${v.impact} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join("; ")})`,
      );
    }
  }
  // Nothing is wider than the window (a phone scrolls only down).
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wider > 0) problems.push(`${id}: wider than the window by ${wider}px`);
  const csp = await page.evaluate(() => window.__csp ?? []);
  for (const c of csp) problems.push(`${id}: CSP violation: ${c}`);
  await page.evaluate(() => (window.__csp = []));
  screens.push(id);
  console.error(`screen ${id}`);
}

function expect(cond, msg) {
  if (!cond) throw new Error(msg);
}

// tabTo presses Tab (at most 60 times) until the focused element matches
// the selector: the keyboard-only paths never click.
async function tabTo(page, selector) {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`keyboard: never reached ${selector}`);
}

async function heading(page, text) {
  await page.getByRole("heading", { level: 1, name: text }).waitFor({ timeout: 10000 });
}

async function api(path, token, body) {
  const r = await fetch(B + path, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  const j = await r.json();
  if (!j.success) throw new Error(`${path}: ${JSON.stringify(j.error)}`);
  return j.data;
}

async function token(email, password) {
  const r = await fetch(`${B}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return (await r.json()).access_token;
}

async function owner(viewport, label) {
  const { context, page } = await open(viewport, label);
  const email = `owner-${label}-${run}@example.com`;
  const password = "correct horse battery";

  // The landing page a browser gets at /.
  await page.goto(B + "/");
  await page.getByRole("link", { name: /Open the console/ }).waitFor();
  await check(page, label, "landing");

  // Sign-up, keyboard only.
  await page.goto(B + "/console/signup");
  await heading(page, "Create an account");
  await check(page, label, "signup");
  await tabTo(page, "input[name=email]");
  await page.keyboard.type(email);
  await tabTo(page, "input[name=password]");
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  await heading(page, "Genies");
  await page.getByText("No genies yet").waitFor();
  await check(page, label, "genies-empty");

  // A document, with its preview.
  await page.getByRole("link", { name: "Documents", exact: true }).click();
  await heading(page, "Documents");
  await check(page, label, "documents-empty");
  await page.getByRole("link", { name: "New document" }).click();
  await heading(page, "New document");
  // Bad input: the error is shown next to the field the API names.
  allowHttpErrors = true;
  await page.getByRole("button", { name: "Create" }).click();
  await page.locator(".field.invalid input[name=name]").waitFor();
  expect(
    (await page.locator(".field.invalid .field-error").innerText()).includes("name"),
    "the name error names the field",
  );
  await check(page, label, "document-error");
  allowHttpErrors = false;
  await page.getByLabel("Name").fill("Opening hours");
  await page.getByRole("textbox", { name: "Content" }).fill(DOC);
  await page.getByRole("button", { name: "Preview" }).click();
  await page.locator(".preview p").nth(1).waitFor();
  await page.getByRole("button", { name: "Create" }).click();
  await heading(page, "Opening hours");
  await check(page, label, "document");

  // Its edit link: make, PIN, rotate.
  await page.getByRole("button", { name: "Make an edit link" }).click();
  const link1 = await page.locator(".linkline a").innerText();
  expect(link1.includes("/update/"), `edit link shown: ${link1}`);
  await page.getByLabel("PIN (4 to 8 digits)").fill("4321");
  await page.getByRole("button", { name: "Set the PIN" }).click();
  await page.getByText("A PIN is asked on save.").waitFor();
  await page.getByRole("button", { name: "Replace the link" }).click();
  await page.waitForFunction((old) => document.querySelector(".linkline a")?.textContent !== old, link1);
  await check(page, label, "document-edit-link");

  // A genie, keyboard only: the New genie link, name, the document, Create.
  await page.goto(B + "/console/genies");
  await heading(page, "Genies");
  await tabTo(page, 'a[href="/console/genies/new"]');
  await page.keyboard.press("Enter");
  await heading(page, "New genie");
  await tabTo(page, "input[name=name]");
  await page.keyboard.type("Front desk");
  await tabTo(page, "textarea[name=greeting]");
  await page.keyboard.type("Hello! How can I help?");
  await tabTo(page, "input[type=checkbox]");
  await page.keyboard.press("Space");
  await tabTo(page, "button[type=submit]");
  await page.keyboard.press("Enter");
  await heading(page, "Front desk");
  // By its label: the conversation section's switch is a checkbox too, and
  // it is drawn before the list of documents has loaded.
  const attached = page.getByRole("checkbox", { name: "Opening hours", exact: true });
  await attached.waitFor();
  expect(await attached.isChecked(), "the document is attached");
  await check(page, label, "genie");

  // Its conversation page: turned on, then a visitor's question the
  // documents do not answer shows in its transcripts and its gaps.
  const genieID = new URL(page.url()).pathname.split("/").pop();
  await page.getByLabel("Page on (visitors can ask questions)").check();
  await page.locator("#conversation-h").locator("..").getByRole("button", { name: "Save" }).click();
  await page.getByRole("link", { name: "Open the page" }).waitFor();
  const chat = await fetch(`${B}/chat/${genieID}`, { headers: { Accept: "text/html" } });
  expect(chat.status === 200, `conversation page: ${chat.status}`);
  const asked = await fetch(`${B}/v1`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      resource: "conversations",
      action: "ask",
      data: { agentId: genieID, question: "Do you repair bicycles?" },
    }),
  });
  expect(asked.ok, `ask: ${asked.status} ${await asked.text()}`);
  await page.reload();
  await heading(page, "Front desk");
  await page.getByRole("cell", { name: "Do you repair bicycles?" }).waitFor();
  await check(page, label, "genie-conversation");

  // Its mailbox: provision, mail arrives, reply.
  await page.getByRole("button", { name: "Give it a mailbox" }).click();
  const address = (await page.locator(".facts dd.mono").first().innerText()).trim();
  expect(address.includes("@"), `mailbox address: ${address}`);
  await page.getByLabel(/Escalation address/).fill("owner@example.com");
  await page.locator("#mailbox-h").locator("..").getByRole("button", { name: "Save" }).click();
  await page.getByText("Saved.").first().waitFor();
  // Two messages arrive (one with an attachment); the genie drafts an
  // answer to each, which waits for approval (auto_reply "draft").
  const deliver = async (query) => {
    const r = await fetch(`${H}/deliver?to=${encodeURIComponent(address)}${query}`, { method: "POST" });
    expect(r.ok, `deliver: ${r.status} ${await r.text()}`);
  };
  await deliver("&attach=1");
  await deliver(`&subject=Parking%3F&question=${encodeURIComponent("Hello, where can I park my car?")}`);
  await page.reload();
  await heading(page, "Front desk");
  expect((await page.getByLabel("Answers to mail").inputValue()) === "draft", "auto_reply starts at draft");
  const sunday = page.getByRole("listitem", { name: "Draft: Re: Opening hours on Sunday?" });
  const parking = page.getByRole("listitem", { name: "Draft: Re: Parking?" });
  await sunday.waitFor();
  await parking.waitFor();
  expect((await sunday.getByLabel("To", { exact: true }).inputValue()).includes("carla@example.net"), "draft to");
  // A bad address is refused, the error next to the field.
  const to = sunday.getByLabel("To", { exact: true });
  const carla = await to.inputValue();
  allowHttpErrors = true;
  await to.fill("not an address");
  await sunday.getByRole("button", { name: "Save the draft" }).click();
  await sunday.locator(".field.invalid input[name=to]").waitFor();
  allowHttpErrors = false;
  await to.fill(carla);
  const answer = sunday.getByRole("textbox", { name: "Answer" });
  expect((await answer.inputValue()).length > 20, "the draft has an answer");
  await answer.fill("Hello Carla,\n\nYes: we open at 10 on Sunday. See you on Sunday!\n\nFront desk");
  await sunday.getByRole("button", { name: "Save the draft" }).click();
  await sunday.getByText("Saved.").waitFor();
  await check(page, label, "genie-drafts");
  // Only those that need a person: the parking question (the documents
  // do not answer it) stays, the answered one goes.
  await page.getByLabel("Only those that need a person").check();
  await sunday.waitFor({ state: "detached" });
  await parking.getByText("needs a person").waitFor();
  await page.getByLabel("Only those that need a person").uncheck();
  await sunday.waitFor();
  await parking.getByRole("button", { name: "Discard" }).click();
  await parking.waitFor({ state: "detached" });
  await sunday.getByRole("button", { name: "Send the answer" }).click();
  await page.getByText("No drafts waiting").waitFor();
  await page.getByRole("button", { name: /Opening hours on Sunday/ }).click();
  await page.getByText("are you open on Sunday morning?").waitFor();
  await page.getByText("See you on Sunday!").waitFor();
  const att = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download list.txt" }).click();
  const file = await att;
  expect(file.suggestedFilename() === "list.txt", `attachment name: ${file.suggestedFilename()}`);
  const { readFile } = await import("node:fs/promises");
  expect((await readFile(await file.path(), "utf8")).includes("Two chairs"), "attachment content");
  await page.getByLabel("Your reply").fill("Yes, from 10 to 13.");
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByText("Sent.").waitFor();
  await page.getByText("Yes, from 10 to 13.").first().waitFor();
  await check(page, label, "genie-inbox");
  // How the mailbox answers mail: saved, and kept after a reload.
  await page.getByLabel("Answers to mail").selectOption("off");
  await page.locator("#mailbox-h").locator("..").getByRole("button", { name: "Save" }).click();
  await page.getByText("Saved.").first().waitFor();
  await page.reload();
  await heading(page, "Front desk");
  await page.getByLabel("Answers to mail").waitFor();
  expect((await page.getByLabel("Answers to mail").inputValue()) === "off", "auto_reply saved");
  await page.getByRole("button", { name: "Suspend" }).click();
  await page.locator(".badge.suspended").waitFor();
  await page.getByRole("button", { name: "Resume" }).click();
  await page.locator(".badge.provisioned").waitFor();

  // Its QR code, and the downloads.
  await page.getByRole("button", { name: "Make the QR code" }).first().click();
  await page.locator(".qr img").first().waitFor();
  const png = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PNG" }).first().click();
  expect((await png).suggestedFilename().endsWith(".png"), "PNG download");
  const svg = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SVG" }).first().click();
  expect((await svg).suggestedFilename().endsWith(".svg"), "SVG download");
  await check(page, label, "genie-qr");

  // Groups: create two, move one with the keyboard.
  await page.getByRole("link", { name: "Genies", exact: true }).click();
  await heading(page, "Genies");
  for (const g of ["Reception", "Restaurant"]) {
    await page.getByLabel("Group name").fill(g);
    await page.getByRole("button", { name: "New group" }).click();
    await page.locator(".groups li", { hasText: g }).waitFor();
  }
  await page.getByRole("button", { name: "Move Restaurant up" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector(".groups li")?.textContent?.includes("Restaurant"));
  await check(page, label, "genies");

  // The edit link's QR code, now that a genie exists.
  await page.getByRole("link", { name: "Documents", exact: true }).click();
  await page.getByRole("link", { name: "Opening hours" }).click();
  await heading(page, "Opening hours");
  await page.getByRole("button", { name: "Make the QR code" }).click();
  await page.locator(".qr img").waitFor();
  await check(page, label, "document-qr");

  // An API key, keyboard only: shown once, copied, revoked, deleted.
  await page.goto(B + "/console/genies");
  await heading(page, "Genies");
  await tabTo(page, 'a[href="/console/keys"]');
  await page.keyboard.press("Enter");
  await heading(page, "API keys");
  await tabTo(page, "input[name=name]");
  await page.keyboard.type("laptop");
  // the field holds what was typed before Enter submits it (a slow
  // render must not submit an empty name)
  await page.waitForFunction(() => document.activeElement?.matches("input[name=name]") && document.activeElement.value === "laptop");
  await page.keyboard.press("Enter");
  await page.locator("#new-key, [role=alert]").first().waitFor();
  if (await page.locator("[role=alert]").count()) {
    throw new Error(`creating a key failed: ${await page.locator("[role=alert]").first().innerText()}`);
  }
  const key = (await page.locator("#new-key").innerText()).trim();
  expect(key.startsWith("svc_live_"), `key shown once: ${key}`);
  await tabTo(page, ".secret button");
  await page.keyboard.press("Enter");
  await page.getByText("Copied.").waitFor();
  expect((await page.evaluate(() => navigator.clipboard.readText())) === key, "the key was copied");
  await check(page, label, "keys");
  await page.getByRole("button", { name: "Revoke" }).click();
  await page.locator(".badge.off").waitFor();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByText("No API keys yet").waitFor();

  // A webhook: create (secret shown once), test, deliveries, rotate.
  await page.getByRole("link", { name: "Webhooks", exact: true }).click();
  await heading(page, "Webhooks");
  await check(page, label, "webhooks-empty");
  await page.getByLabel("URL").fill(`${H}/hook`);
  await page.getByRole("button", { name: "Create" }).click();
  await page.locator(".secret code").waitFor();
  await page.getByRole("link", { name: `${H}/hook` }).click();
  await page.getByRole("button", { name: "Send a test event" }).click();
  await page.getByText("Test event queued.").waitFor();
  await page.locator(".deliveries li", { hasText: "webhook.test" }).waitFor();
  await page.getByRole("button", { name: "Rotate the secret" }).click();
  await page.locator(".secret code").waitFor();
  await check(page, label, "webhook");

  // An endpoint whose receiver always fails: its delivery ends failed
  // (the server's retry window is 3 s in this test), the page says it is
  // not retried and that the service cannot send it again, the endpoint is
  // disabled and can be enabled again.
  await page.getByRole("link", { name: "Webhooks", exact: true }).click();
  await heading(page, "Webhooks");
  await page.getByLabel("URL").fill(`${H}/hook-fail`);
  await page.getByRole("button", { name: "Create" }).click();
  await page.getByRole("link", { name: `${H}/hook-fail` }).click();
  await heading(page, `${H}/hook-fail`);
  await page.getByRole("button", { name: "Send a test event" }).click();
  await page.getByText("Test event queued.").waitFor();
  for (let i = 0; ; i++) {
    await page.waitForTimeout(500);
    await page.reload();
    await heading(page, `${H}/hook-fail`);
    await idle(page);
    // the endpoint and its deliveries are two reads: one may come from
    // before the attempt's commit, so wait until the page shows both
    const failed = (await page.locator(".deliveries .badge.failed").count()) > 0;
    const disabled = (await page.getByRole("button", { name: "Enable again" }).count()) > 0;
    if (failed && disabled) break;
    expect(i < 40, "the failing delivery never ended failed with its endpoint disabled");
  }
  await page.getByText("Not retried any more").waitFor();
  await page.locator(".facts dt", { hasText: "Failing since" }).waitFor();
  await page.getByRole("button", { name: "Enable again" }).waitFor();
  await check(page, label, "webhook-failed");
  await page.getByRole("button", { name: "Enable again" }).click();
  await page.locator(".facts .badge.ok", { hasText: "enabled" }).waitFor();
  // Retry the failed delivery once the endpoint is enabled again.
  await page.getByRole("button", { name: /^Retry: / }).first().click();
  await page.getByText("Delivery queued again.").waitFor();

  await page.getByRole("link", { name: "Events", exact: true }).click();
  await heading(page, "Events");
  await page.locator(".events li").first().waitFor();
  await page.locator(".events summary").first().click();
  await check(page, label, "events");

  await page.getByRole("link", { name: "Generated documents", exact: true }).click();
  await heading(page, "Generated documents");
  await page.getByRole("button", { name: "Generate" }).click();
  await page.locator(".generated h2").waitFor({ timeout: 30000 });
  await check(page, label, "generated");

  // A submission for the admin to review (through the API, as an owner's
  // marketplace page would).
  const tok = await token(email, password);
  const genies = await api("/v1/genies/list", tok, {});
  await api("/v1/marketplace/submissions", tok, {
    mode: "create",
    agent_id: genies.genies[0].id,
    submission_data: {
      slug: `front-desk-${label}-${run}`,
      display_name: `Front desk ${label}`,
      category_id: process.env.CATEGORY_ID,
    },
  });

  // Sign out; recover the password by the mailed link; sign in again by keyboard.
  await page.getByRole("button", { name: "Sign out" }).click();
  await heading(page, "Sign in");
  await check(page, label, "signin");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await heading(page, "Reset your password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await page.getByText(/a link to choose a new password is on its way/).waitFor();
  await check(page, label, "forgot");
  const lr = await fetch(`${H}/recovery-link?to=${encodeURIComponent(email)}`);
  expect(lr.ok, "recovery mail");
  await page.goto(await lr.text());
  await heading(page, "Choose a new password");
  expect(!page.url().includes("access_token"), "the token is cleared from the address bar");
  await check(page, label, "reset");
  await page.getByLabel("New password").fill("a new correct horse");
  await page.getByRole("button", { name: "Set the password" }).click();
  await heading(page, "Genies");
  // The screen's lists answer before the sign-out revokes the session
  // (else they are refused with 401, which Chromium logs).
  await idle(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await heading(page, "Sign in");
  // Type only once the screen has settled (the sign-out's last answers in),
  // so that nothing re-renders the form under the keyboard.
  await idle(page);
  await tabTo(page, "input[name=email]");
  await page.keyboard.type(email);
  await tabTo(page, "input[name=password]");
  await page.keyboard.type("a new correct horse");
  await page.keyboard.press("Enter");
  await heading(page, "Genies");
  await context.close();
}

async function admin(viewport, label) {
  const { context, page } = await open(viewport, label);
  await page.goto(B + "/console/");
  await heading(page, "Sign in");
  await page.getByLabel("Email").fill(process.env.ADMIN_EMAIL);
  await page.getByLabel("Password").fill(process.env.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await heading(page, "Genies");
  await page.getByRole("link", { name: "Submissions" }).click();
  await heading(page, "Submissions");
  const card = page.locator(".cards li", { hasText: `Front desk ${label}` });
  await card.waitFor();
  await check(page, label, "admin-submissions");
  await card.getByLabel("Notes").fill("Looks good.");
  await card.getByRole("button", { name: "Approve" }).click();
  await card.waitFor({ state: "detached" });
  await page.getByLabel("Status").selectOption("approved");
  await page.locator(".cards li", { hasText: `Front desk ${label}` }).waitFor();

  // The listing the approval made: hide and show it, edit it, read its
  // reviews, then delete it.
  const name = `Front desk ${label}`;
  const adminToken = await token(process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD);
  const all = await api("/v1/marketplace/all", adminToken, { adminMode: true, limit: 500 });
  const listing = all.genies.find((g) => g.display_name === name);
  expect(listing, `the approved listing ${name} exists`);
  await api("/v1/marketplace/reviews", adminToken, {
    mode: "create",
    marketplace_genie_id: listing.id,
    rating: 4,
    review_text: `Helpful at the ${label} front desk.`,
  });
  await page.getByRole("link", { name: "Listings" }).click();
  await heading(page, "Marketplace listings");
  await page.getByLabel("Search listings").fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.locator("tr", { hasText: name });
  await row.waitFor();
  await row.getByRole("button", { name: `Hide: ${name}` }).click();
  await row.locator(".badge.off").waitFor();
  await row.getByRole("button", { name: `Show: ${name}` }).click();
  await row.locator(".badge.ok").waitFor();
  await row.getByRole("button", { name: `Edit: ${name}` }).click();
  const editor = page.getByRole("form", { name: `Edit: ${name}` });
  await editor.getByLabel("Tagline").fill("The desk that never sleeps");
  await editor.getByLabel("Featured").check();
  await page.getByText(`Helpful at the ${label} front desk.`).waitFor();
  await check(page, label, "admin-listings");
  await editor.getByRole("button", { name: "Save" }).click();
  await editor.waitFor({ state: "detached" });
  await row.getByText("featured", { exact: true }).waitFor();
  await row.getByRole("button", { name: `Edit: ${name}` }).click();
  expect((await editor.getByLabel("Tagline").inputValue()) === "The desk that never sleeps", "tagline saved");
  await editor.getByRole("button", { name: "Delete" }).click();
  await page.getByText("No listing matches this search.").waitFor();

  // Categories and brands: a bad create, create, rename, delete.
  await page.getByRole("link", { name: "Categories and brands" }).click();
  await heading(page, "Categories and brands");
  const cats = page.locator("#categories-h").locator("..");
  const brands = page.locator("#brands-h").locator("..");
  allowHttpErrors = true;
  await cats.getByRole("button", { name: "Create" }).click();
  await cats.locator(".field.invalid input[name=name]").waitFor();
  allowHttpErrors = false;
  const cat = `Bakeries ${label} ${run}`;
  await cats.getByLabel("Name", { exact: true }).fill(cat);
  await cats.getByRole("button", { name: "Create" }).click();
  const catRow = cats.locator("tr", { hasText: cat });
  await catRow.waitFor();
  await catRow.getByRole("button", { name: `Rename ${cat}` }).click();
  await catRow.getByLabel(`New name for ${cat}`).fill(`${cat} and cafés`);
  await catRow.getByRole("button", { name: "Save" }).click();
  await cats.getByRole("cell", { name: `${cat} and cafés`, exact: true }).waitFor();
  const brand = `Acme ${label} ${run}`;
  await brands.getByLabel("Name", { exact: true }).fill(brand);
  await brands.getByRole("button", { name: "Create" }).click();
  await brands.locator("tr", { hasText: brand }).waitFor();
  await check(page, label, "admin-taxonomy");
  await brands.locator("tr", { hasText: brand }).getByRole("button", { name: "Delete" }).click();
  await brands.locator("tr", { hasText: brand }).waitFor({ state: "detached" });
  await cats.locator("tr", { hasText: cat }).getByRole("button", { name: "Delete" }).click();
  await cats.locator("tr", { hasText: cat }).waitFor({ state: "detached" });

  // The team's mail credentials: register, check, replace the key.
  await page.getByRole("link", { name: "Mail credentials" }).click();
  await heading(page, "Mail credentials");
  if (label === "phone") {
    // The first run: the admin's team has no credentials yet (a 404, which
    // the page reads as an answer).
    allowHttpErrors = true;
    await page.getByRole("button", { name: "Check the credentials" }).click();
    await page.getByText("No credentials are registered for your team").waitFor();
    allowHttpErrors = false;
    expect(await page.getByRole("button", { name: "Replace the key" }).isDisabled(), "nothing to replace");
  }
  const tenant = `tenant-${label}-${run}`;
  expect((await page.getByLabel("Owner's email").inputValue()) === process.env.ADMIN_EMAIL, "owner prefilled");
  await page.getByLabel("Tenant id").fill(tenant);
  await page.getByLabel("Tenant API key").fill(`key-${label}-${run}`);
  await page.getByRole("button", { name: "Register" }).click();
  await page.getByText("Credentials stored for").waitFor();
  await page.getByRole("button", { name: "Check the credentials" }).click();
  await page.locator(".facts dd.mono", { hasText: tenant }).waitFor();
  await page.locator(".facts .badge.ok", { hasText: "active" }).waitFor();
  await page.getByRole("button", { name: "Replace the key" }).click();
  await page.getByText(`A new key is stored for tenant ${tenant}.`).waitFor();
  await page.locator(".facts .badge.ok", { hasText: "active" }).waitFor();
  await check(page, label, "admin-mail");

  await page.getByRole("link", { name: "Voices" }).click();
  await heading(page, "Preselected voices");
  await page.getByLabel("Voice id").fill(`voice-${label}-${run}`);
  await page.getByLabel("Label").fill(`Ava ${label}`);
  await page.getByRole("button", { name: "Create" }).click();
  await page.getByRole("cell", { name: `Ava ${label}`, exact: true }).waitFor();
  await check(page, label, "admin-voices");

  // Admin > Users: find the owner of this viewport by email prefix, make
  // them a consumer (the dialog is accepted), then give the role back.
  const ownerEmail = `owner-${label}-${run}@example.com`;
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await heading(page, "Users");
  await page.getByLabel("Email starts with").fill(`owner-${label}-${run}`);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText(ownerEmail, { exact: true }).waitFor();
  // The unfiltered page may still be shown: wait for the search's answer.
  await page.waitForFunction(() => document.querySelectorAll("table.list tbody tr").length === 1, null, {
    timeout: 10000,
  });
  await check(page, label, "admin-users");
  await page.getByLabel(`Role of ${ownerEmail}`).selectOption("consumer");
  await page.getByText(`${ownerEmail} is now consumer.`).waitFor();
  const usersToken = await token(process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD);
  const found = await api("/v1/users/list", usersToken, { search: ownerEmail });
  expect(found.count === 1 && found.users[0].role === "consumer", "role stored as consumer");
  await page.getByLabel(`Role of ${ownerEmail}`).selectOption("user");
  await page.getByText(`${ownerEmail} is now user.`).waitFor();

  await page.getByRole("link", { name: "System emails" }).click();
  await heading(page, "System emails");
  await page.frameLocator("iframe.email").locator("body").waitFor();
  await page.waitForFunction(
    () => (document.querySelector("iframe.email")?.contentDocument?.body?.textContent ?? "").trim().length > 20,
  );
  await check(page, label, "admin-emails");

  await page.getByRole("link", { name: "Health" }).click();
  await heading(page, "Health");
  await page.getByText("Ready", { exact: true }).waitFor();
  // The figures of /metrics: this run's requests are counted.
  const requests = page.locator(".figures div", { hasText: "API requests" }).locator("dd");
  await requests.waitFor();
  expect(Number((await requests.innerText()).replace(/\D/g, "")) > 10, "requests counted");
  await page.locator(".figures div", { hasText: "Mail outbox backlog" }).waitFor();
  // The owner's failing delivery is counted once it has failed again after
  // its retry (the receiver always answers 503; the retry window is 3 s).
  const failed = page.locator(".figures div", { hasText: "Webhook deliveries failed for good" }).locator("dd");
  for (let i = 0; Number((await failed.innerText()).replace(/\D/g, "")) < 1; i++) {
    expect(i < 20, "the failed webhook delivery is never counted on the health page");
    await page.waitForTimeout(500);
    await page.getByRole("button", { name: "Refresh" }).click();
    await idle(page);
  }
  await page.locator(".figures div", { hasText: "Webhook endpoints disabled" }).waitFor();
  await page.getByRole("table", { name: "Commonest error answers" }).waitFor();
  await check(page, label, "admin-health");
  await context.close();
}

try {
  // A category for the submissions to be approved into.
  const adminToken = await token(process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD);
  const cat = await api("/v1/marketplace/categories", adminToken, {
    mode: "create",
    name: `Front desks ${run}`,
    slug: `front-desks-${run}`,
  });
  process.env.CATEGORY_ID = cat.category.id;
  for (const [label, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1440, height: 900 }],
  ]) {
    await owner(viewport, label);
    await admin(viewport, label);
  }
} catch (e) {
  problems.push(`failed: ${e.stack ?? e}`);
  await current?.screenshot({ path: `${SHOTS}/failure.png`, fullPage: true }).catch(() => {});
} finally {
  await browser.close();
}
console.log(JSON.stringify({ ok: problems.length === 0, screens, problems }));
