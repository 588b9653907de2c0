// Seeds 10,000 marketplace listings (a genie and its listing each, in one
// category) as the admin lh@example.com (made with `genie users add
// --role internal_admin`) on the server at $GENIE_URL, 16 requests at a
// time: the data for timing /console/admin/listings with time-lists.mjs.
const B = process.env.GENIE_URL ?? "http://127.0.0.1:8080";
const N = Number(process.env.N ?? 10000);
const tok = (
  await (
    await fetch(`${B}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "lh@example.com", password: "correct horse" }),
    })
  ).json()
).access_token;
async function call(path, body) {
  const r = await fetch(`${B}/v1/${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${tok}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const j = await r.json();
  if (!r.ok) {
    console.log("fail", path, r.status, JSON.stringify(j));
    process.exit(1);
  }
  return j.data;
}
const t0 = Date.now();
const cat = await call("marketplace/categories", { mode: "create", name: "Shops", slug: "shops" });
let n = 0;
async function worker() {
  while (n < N) {
    const i = n++;
    const g = await call("genies/create", { name: `Shop ${i}` });
    await call("marketplace/create", {
      agent_id: g.genie?.id ?? g.id,
      slug: `shop-${i}`,
      display_name: `Shop ${i}`,
      category_id: cat.category.id,
      is_public: i % 10 !== 0,
    });
  }
}
await Promise.all(Array.from({ length: 16 }, worker));
console.log("seeded", N, "listings in", (Date.now() - t0) / 1000, "s");
