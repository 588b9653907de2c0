// Times the console's list screens in Chromium (desktop width) against
// $GENIE_URL, signed in as lh@example.com: from navigation to the first
// row shown, 7 loads each, median and maximum.
import { chromium } from "playwright-core";
const B = process.env.GENIE_URL ?? "http://127.0.0.1:8080";
const b = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const ctx = await b.newContext({ viewport: { width: 1440, height: 900 } });
const p = await ctx.newPage();
await p.goto(`${B}/console/signin`);
await p.getByLabel("Email").fill("lh@example.com");
await p.getByLabel("Password").fill("correct horse");
await p.getByRole("button", { name: "Sign in" }).click();
await p.getByRole("heading", { level: 1, name: "Genies" }).waitFor();
// LISTS: the screens to time (comma-separated paths); by default the
// documents and genies screens. /console/admin/listings needs lh@example.com
// to be an admin (seed-listings.mjs).
const lists = (process.env.LISTS ?? "/console/documents,/console/genies").split(",");
for (const [path, sel] of lists.map((p) => [p, "table.list tbody tr"])) {
  const times = [];
  for (let i = 0; i < 7; i++) {
    const t0 = Date.now();
    await p.goto(B + path);
    await p.locator(sel).first().waitFor();
    await p
      .locator(".pager")
      .waitFor({ timeout: 100 })
      .catch(() => {});
    times.push(Date.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pager = await p
    .locator(".pager span")
    .innerText()
    .catch(() => "no pager");
  console.log(path, "ms median", times[3], "max", times[6], "|", pager);
}
await b.close();
