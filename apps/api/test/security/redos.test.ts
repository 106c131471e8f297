import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import { describe, expect, it } from "vitest";
import { call, signIn } from "../harness.ts";
import { createSecurityApp, longestStall } from "./support.ts";

/** Regular expressions that backtrack: one request must not hold the event loop for everyone else. */
const { app } = await createSecurityApp();
const admin = await signIn(app);

const draft = (html: string) =>
  call<CampaignDto>(app, {
    method: "POST",
    url: "/api/compose-mail",
    token: admin,
    body: { subject: "Styles", html, audience: { type: "all" } },
  });
// The first draft loads the sanitiser and compiles the route (about 300 ms on a busy machine): not the attack's cost.
await draft('<p style="padding:10px 20px">Hi</p>');

const digits = "1".repeat(80_000);

describe("campaign HTML with an 80,000-digit style value", () => {
  it("is drafted and edited without stalling the event loop, and the style is dropped", async () => {
    let created: Awaited<ReturnType<typeof call<CampaignDto>>> | undefined;
    const createStall = await longestStall(async () => {
      created = await draft(`<p style="padding:${digits}!">Hi</p>`);
    });
    expect(created?.status).toBe(201);
    expect(createStall, `POST /api/compose-mail held the event loop ${createStall} ms`).toBeLessThan(200);
    expect(created?.body.data.html).toBe("<p>Hi</p>");

    let updated: Awaited<ReturnType<typeof call<CampaignDto>>> | undefined;
    const updateStall = await longestStall(async () => {
      updated = await call<CampaignDto>(app, {
        method: "PUT",
        url: `/api/compose-mail/${created?.body.data._id}`,
        token: admin,
        body: { html: `<p style="margin:${digits}!;color:red">Hi</p>` },
      });
    });
    expect(updated?.status).toBe(200);
    expect(updateStall, `PUT /api/compose-mail/:id held the event loop ${updateStall} ms`).toBeLessThan(200);
    expect(updated?.body.data.html).toBe('<p style="color:red">Hi</p>');
  });
});
