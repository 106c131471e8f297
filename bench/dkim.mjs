// npm run bench:dkim — what DKIM signing costs per campaign message, by stage, in one thread: the
// shop's own campaign message (bench/send.mjs's campaign, rendered per recipient by the code the SMTP
// thread runs) signed by mail/dkim.ts with an RSA-2048 and an Ed25519 key made for the run.
// Stages: split (CRLF check, head and body apart), body (relaxed canonicalization and SHA-256),
// headers (relaxed canonicalization of the signed ones), signature (b=, the key's own work) and the
// whole signer, whose figure less the stages' is the assembly. Each stage is timed over every message
// in turn, the stages alternating for BENCH_ROUNDS rounds (5); medians (min–max) of µs per message,
// wall clock and this process's CPU. BENCH_MESSAGES (2,000) recipients.
import crypto, { generateKeyPairSync, randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { alternate, campaignHtml, root, spread } from "./lib.mjs";

const count = Number(process.env.BENCH_MESSAGES ?? 2_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const api = (file) => tsImport(pathToFileURL(path.join(root, "apps/api/src", file)).href, import.meta.url);
const [{ createDkimSigner, createDkimStages }, { renderRaw }, { compileCampaign }, { campaignMessage }, qp] =
  await Promise.all([
    api("mail/dkim.ts"),
    api("mail/raw-message.ts"),
    api("mail/render.ts"),
    api("mail/campaign-message.ts"),
    import("nodemailer/lib/qp/index.js"),
  ]);

// The campaign as bench/send.mjs sends it, each recipient rendered as the SMTP thread renders it.
const compiled = compileCampaign({ html: campaignHtml, preheader: "", storeName: "Smart Home Shop" });
// Ids are UUIDs, as the database gives them: they are in every signed link, so they set the size.
const campaign = { id: randomUUID(), subject: "Bench 0", compiled, linkIds: compiled.links.map(() => randomUUID()) };
const context = {
  secret: "s".repeat(32),
  publicUrl: "http://127.0.0.1:43210",
  settings: { mailFromName: "Smart Home Shop", mailFromAddress: "news@example.com" },
};
const messages = Array.from({ length: count }, (_, i) => {
  const recipient = { id: randomUUID(), subscriberId: randomUUID(), email: `shop${i}@example.com` };
  const mail = campaignMessage(campaign, recipient, context);
  return renderRaw(mail.template, mail.recipient, qp.default ?? qp);
});

/** µs per message of `work` over every input, wall clock and CPU. */
function timed(inputs, work) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const input of inputs) work(input);
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wall: (wall * 1000) / inputs.length, cpu: (used.user + used.system) / inputs.length };
}

const us = (value) => value.toFixed(1);
console.log(
  `DKIM signing, ${count} campaign messages of ${messages[0].length} B (one recipient each), ${rounds} rounds alternating; µs/message, medians (min–max)`,
);
for (const type of ["rsa", "ed25519"]) {
  const { privateKey } = generateKeyPairSync(type, type === "rsa" ? { modulusLength: 2048 } : {});
  const key = {
    domain: "example.com",
    selector: "bench",
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    algorithm: type === "rsa" ? "rsa-sha256" : "ed25519-sha256",
  };
  const stages = createDkimStages(key, crypto);
  const sign = createDkimSigner(key, crypto);
  const parts = messages.map((message) => stages.split(message));
  const headed = parts.map(({ head, body }) => {
    const { names, canonical } = stages.headers(head);
    return { canonical, header: stages.header(names, stages.bodyHash(body)) };
  });
  const sides = {
    split: () => timed(messages, (message) => stages.split(message)),
    body: () => timed(parts, ({ body }) => stages.bodyHash(body)),
    headers: () => timed(parts, ({ head }) => stages.headers(head)),
    signature: () => timed(headed, ({ canonical, header }) => stages.signature(canonical, header)),
    whole: () => timed(messages, sign),
  };
  // One unmeasured pass so every stage is compiled before the first timed round.
  for (const side of Object.values(sides)) side();
  const runs = await alternate(sides, rounds);
  console.log(`${key.algorithm}:`);
  for (const [name, label] of [
    ["split", "split (CRLF check, head and body apart)"],
    ["body", "body: relaxed canonicalization + SHA-256"],
    ["headers", "headers: relaxed canonicalization"],
    ["signature", "signature (b=)"],
    ["whole", "whole signer"],
  ]) {
    const wall = spread(
      runs[name].map((run) => run.wall),
      us,
    );
    const cpu = spread(
      runs[name].map((run) => run.cpu),
      us,
    );
    console.log(`  ${label.padEnd(44)} wall ${wall.padEnd(22)} CPU ${cpu}`);
  }
}
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(", ")} at the end`,
);
