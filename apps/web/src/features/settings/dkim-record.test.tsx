import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { MailAuthenticationDto } from "@shop/shared/schemas/mail-authentication";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { DkimRecord } from "./dkim-record";

const t = backofficeCopy.settings;

function renderWith(answer: { status?: number; data?: MailAuthenticationDto }) {
  fakeFetch(async () =>
    answer.status
      ? { status: answer.status, body: { success: false, message: "Database unavailable" } }
      : { body: { success: true, message: "ok", data: answer.data } },
  );
  renderRoutes([{ path: "/admin/settings", element: <DkimRecord /> }], {
    store: makeStore(),
    initialEntries: ["/admin/settings"],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the DKIM record on the Settings page", () => {
  it("shows the TXT record to publish", async () => {
    renderWith({
      data: {
        dkim: {
          domain: "shop.test",
          selector: "s2026",
          algorithm: "ed25519-sha256",
          record: { name: "s2026._domainkey.shop.test", type: "TXT", value: "v=DKIM1; k=ed25519; p=abc=" },
        },
      },
    });
    expect(await screen.findByText("s2026._domainkey.shop.test")).toBeTruthy();
    expect(screen.getByText("v=DKIM1; k=ed25519; p=abc=")).toBeTruthy();
    expect(screen.getByText("ed25519-sha256")).toBeTruthy();
  });

  it("says mail is not signed when the server has no key", async () => {
    renderWith({ data: { dkim: null } });
    expect(await screen.findByText(t.dkimOff)).toBeTruthy();
  });

  it("shows an error with a retry when the record cannot be loaded", async () => {
    renderWith({ status: 503 });
    expect(await screen.findByText(t.dkimFailed)).toBeTruthy();
  });
});
