import type { Settings } from "@shop/shared/schemas/settings";
import { describe, expect, it } from "vitest";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

const storedSettings = async () => (await call<Settings>(app, { url: "/api/settings/admin", token: admin })).body.data;

describe("who may change where new enquiries are emailed", () => {
  it("refuses the enquiry addresses to a settings editor who may not read contact requests", async () => {
    const before = await storedSettings();
    const editor = await createStaff(app, admin, ["settings:update-settings"]);
    const refused = await call(app, {
      method: "PUT",
      url: "/api/settings",
      token: editor.token,
      body: { enquiryNotifyEmails: ["me@evil.test"] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "Only staff who can view contact requests can change where new enquiries are emailed",
    );
    expect(refused.body.errors?.enquiryNotifyEmails).toBe(refused.body.message);
    expect((await storedSettings()).enquiryNotifyEmails).toEqual(before.enquiryNotifyEmails);

    // The rest of the settings stay theirs, and so does a form that sends the list back unchanged.
    const storeName = await call<Settings>(app, {
      method: "PUT",
      url: "/api/settings",
      token: editor.token,
      body: { storeName: "Editor's Shop", enquiryNotifyEmails: before.enquiryNotifyEmails },
    });
    expect(storeName.status).toBe(200);
    expect(storeName.body.data.storeName).toBe("Editor's Shop");
  });

  it("lets a settings editor who reads contact requests change them", async () => {
    const editor = await createStaff(app, admin, ["settings:update-settings", "contact:view-contacts"]);
    const changed = await call<Settings>(app, {
      method: "PUT",
      url: "/api/settings",
      token: editor.token,
      body: { enquiryNotifyEmails: ["sales@shop.test"] },
    });
    expect(changed.status).toBe(200);
    expect((await storedSettings()).enquiryNotifyEmails).toEqual(["sales@shop.test"]);
  });
});

describe("saving settings at the same time", () => {
  it("keeps every change of parallel saves of different settings", async () => {
    const keys = ["storeName", "contactPhone", "facebookUrl", "instagramUrl", "linkedinUrl", "warrantyUrl"] as const;
    const savedValue = (key: (typeof keys)[number], round: number) =>
      key.endsWith("Url") ? `https://example.com/${key}/${round}` : `${key} ${round}`;
    for (let round = 1; round <= 5; round += 1) {
      const saves = await Promise.all(
        keys.map((key) =>
          call(app, { method: "PUT", url: "/api/settings", token: admin, body: { [key]: savedValue(key, round) } }),
        ),
      );
      expect(saves.map((save) => save.status)).toEqual(keys.map(() => 200));
      const stored = await storedSettings();
      expect(Object.fromEntries(keys.map((key) => [key, stored[key]])), `round ${round}`).toEqual(
        Object.fromEntries(keys.map((key) => [key, savedValue(key, round)])),
      );
    }
  });
});
