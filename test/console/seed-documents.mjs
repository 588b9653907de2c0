// Seeds 10,000 documents for lh@example.com (signed up beforehand) on the
// server at $GENIE_URL, 16 requests at a time, and one genie: the data for
// time-lists.mjs.
const B = process.env.GENIE_URL ?? "http://127.0.0.1:8080";
const tok = (
  await (
    await fetch(`${B}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "lh@example.com", password: "correct horse" }),
    })
  ).json()
).access_token;
let n = 0;
const N = 10000;
const t0 = Date.now();
async function worker() {
  while (n < N) {
    const i = n++;
    const r = await fetch(`${B}/v1/documents/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${tok}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Doc ${i}`, content: `Text ${i}` }),
    });
    if (!r.ok) {
      console.log("fail", r.status, await r.text());
      process.exit(1);
    }
  }
}
await Promise.all(Array.from({ length: 16 }, worker));
await fetch(`${B}/v1/genies/create`, {
  method: "POST",
  headers: { Authorization: `Bearer ${tok}`, "Content-Type": "application/json" },
  body: JSON.stringify({ name: "Front desk" }),
});
console.log("seeded", N, "in", (Date.now() - t0) / 1000, "s");
