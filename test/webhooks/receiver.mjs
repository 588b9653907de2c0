// A webhook receiver for genie's tests. It verifies every delivery with the
// standardwebhooks package (the reference implementation of the Standard
// Webhooks specification) and prints one JSON line per request:
//   {"kind":"listening","port":N}
//   {"kind":"event","id":...,"type":...,"data":...,"webhookId":...}   (signature verified)
//   {"kind":"invalid","error":...}                                     (signature refused)
// Control: POST /_secret with {"secret":"whsec_..."} sets the secret (a
// second one may be set for rotation: both are tried); POST /_fail with
// {"count":N} answers 500 to the next N deliveries. SECRET in the environment
// sets the secret before the receiver listens, so a retry that arrives the
// moment a restarted receiver is up is verified, not refused.
import http from "node:http";
import { Webhook } from "standardwebhooks";

let secrets = process.env.SECRET ? [process.env.SECRET] : [];
let failNext = 0;
const out = (o) => process.stdout.write(JSON.stringify(o) + "\n");

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    if (req.url === "/_secret") {
      secrets = [JSON.parse(body).secret, ...secrets].slice(0, 2);
      res.writeHead(204).end();
      return;
    }
    if (req.url === "/_fail") {
      failNext = JSON.parse(body).count;
      res.writeHead(204).end();
      return;
    }
    if (failNext > 0) {
      failNext--;
      out({ kind: "failed-on-purpose", webhookId: req.headers["webhook-id"] });
      res.writeHead(500).end("try again");
      return;
    }
    let payload = null;
    let lastError = "no secret set";
    for (const s of secrets) {
      try {
        payload = new Webhook(s).verify(body, req.headers);
        break;
      } catch (e) {
        lastError = String(e.message || e);
      }
    }
    if (!payload) {
      out({ kind: "invalid", error: lastError });
      res.writeHead(400).end("bad signature");
      return;
    }
    out({ kind: "event", id: payload.id, type: payload.type, data: payload.data, webhookId: req.headers["webhook-id"] });
    res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
});
server.listen(Number(process.env.PORT || 0), "127.0.0.1", () => out({ kind: "listening", port: server.address().port }));
