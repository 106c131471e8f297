import { describe, expect, it } from "vitest";
import { suppress } from "../../src/modules/newsletter/suppressions.ts";
import { call, createStaff, signIn } from "../harness.ts";
import { createSecurityApp } from "./support.ts";

/**
 * "Send test" mails one copy of a campaign to any address a composer types. Unlimited, it let one
 * staff account mail a hundred outside addresses in three seconds from the shop's domain; and it
 * mailed addresses the shop had promised never to mail again (erased, complained, bounced).
 */
const { app, database } = await createSecurityApp();
const admin = await signIn(app);
const composer = await createStaff(app, admin, ["newsletter:compose-email"]);
const other = await createStaff(app, admin, ["newsletter:compose-email"]);

const draft = await call<{ _id: string }>(app, {
  method: "POST",
  url: "/api/compose-mail",
  token: admin,
  body: { subject: "Spring sale", html: "<p>Hello</p>", audience: { type: "all" } },
});
const testSend = (token: string, email: string) =>
  call(app, { method: "POST", url: `/api/compose-mail/${draft.body.data._id}/test`, token, body: { email } });

describe("test sends", () => {
  it("are limited to 20 an hour for each staff member; the 21st is refused with Retry-After, others may still send", async () => {
    const answers = await Promise.all(
      Array.from({ length: 21 }, (_, n) => testSend(composer.token, `outside${n}@external.example`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.headers["retry-after"]).toBeTruthy();
    expect((await testSend(other.token, "colleague@shop.example")).status).toBe(200);
  });

  it("are not sent to an address on the suppression list, and say why", async () => {
    await suppress(database.db, "complained@example.com", "complaint");
    const answer = await testSend(admin, "Complained@Example.com");
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/suppression list/);
  });
});
