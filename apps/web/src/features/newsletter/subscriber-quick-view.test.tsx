import type { DeliveryEventDto } from "@shop/shared/schemas/deliverability";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { SubscriberQuickView } from "./subscriber-quick-view";
import { ok, subscriberOf } from "./test-data";

function renderQuickView(subscriber: ReturnType<typeof subscriberOf> & { deliveryEvents?: DeliveryEventDto[] }) {
  fakeFetch(() => ok(subscriber));
  const store = makeStore({
    user: { userInfo: { id: "me", name: "Mia Manager", email: "mia@example.com", isSuperAdmin: true }, role: null },
  });
  return renderRoutes(
    [{ path: "/", element: <SubscriberQuickView subscriberId={subscriber._id} onClose={() => undefined} /> }],
    { store },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Issue 16 item 11: an imported person's consent is the import, not the staff member's address.
describe("subscriber quick view consent", () => {
  it("shows the import a person came from: file, who and when, and no address", async () => {
    renderQuickView(
      subscriberOf(1, {
        source: "import",
        consentIp: null,
        consentAt: "2026-11-25T10:00:00.000Z",
        consentSource: {
          type: "import",
          fileName: "fair-2026.csv",
          importedBy: { id: "u1", name: "Mia Manager", email: "mia@example.com" },
          importedAt: "2026-11-25T10:00:00.000Z",
          importJobId: "0190a5b2-0000-7000-8000-00000000a11b",
        },
      }),
    );
    const consent = await screen.findByText(/Imported from fair-2026\.csv by Mia Manager/);
    expect(consent.textContent).toMatch(/2026/);
    expect(screen.queryByText(/from \d+\.\d+/)).toBeNull();
  });

  it("says an import brought in people imported before sources were recorded", async () => {
    renderQuickView(subscriberOf(2, { source: "import", consentIp: null, consentSource: { type: "import" } }));
    expect(await screen.findByText(/Imported \(file not recorded\)/)).toBeTruthy();
  });

  it("still shows the address of a person's own sign-up", async () => {
    renderQuickView(subscriberOf(3));
    expect(await screen.findByText(/from 203\.0\.113\.9/)).toBeTruthy();
  });
});

describe("subscriber quick view bounces and complaints", () => {
  const event = (overrides: Partial<DeliveryEventDto>): DeliveryEventDto => ({
    _id: "0190a5b2-0000-7000-8000-00000000e001",
    campaignId: null,
    campaignSubject: null,
    email: "person4@example.com",
    kind: "hard",
    reason: "",
    source: "dsn",
    createdAt: "2026-11-25T10:00:00.000Z",
    ...overrides,
  });

  it("lists each bounce and complaint with its kind, reason and campaign", async () => {
    renderQuickView({
      ...subscriberOf(4, { status: "bounced" }),
      deliveryEvents: [
        event({ kind: "complaint", reason: "Feedback-Type: abuse", source: "arf" }),
        event({
          _id: "0190a5b2-0000-7000-8000-00000000e002",
          kind: "soft",
          reason: "4.2.2 mailbox full",
          campaignId: "0190a5b2-0000-7000-8000-00000000c001",
          campaignSubject: "Spring sale",
        }),
      ],
    });
    const list = await screen.findByRole("list", { name: "Bounces and complaints" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toMatch(/Complaint/);
    expect(items[0]?.textContent).toMatch(/Feedback-Type: abuse/);
    expect(items[1]?.textContent).toMatch(/Soft bounce/);
    expect(items[1]?.textContent).toMatch(/4\.2\.2 mailbox full/);
    expect(items[1]?.textContent).toMatch(/Spring sale/);
  });

  it("says when there are none", async () => {
    renderQuickView({ ...subscriberOf(5), deliveryEvents: [] });
    expect(await screen.findByText("No bounces or complaints")).toBeTruthy();
  });
});
