import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "@/test/render";
import { staffWith } from "@/test/store";
import { ActivityLogModal } from "./activity-log-modal";

const entry = (overrides: Partial<ActivityLogDto> = {}): ActivityLogDto => ({
  _id: "log-1",
  action: "Update product",
  module: "product",
  status: "Success",
  description: "Updated product Smart Lock",
  createdAt: "2025-03-05T10:30:00.000Z",
  userId: { _id: "u1", name: "Ada Admin", email: "ada@example.com" },
  ipAddress: "203.0.113.9",
  details: null,
  ...overrides,
});

/** Someone who may open what the entries link to; an auditor of the log alone is the other case. */
const everyTarget = [
  "activitylog:view-activity-logs",
  "product:update-product",
  "newsletter:view-emailhistories",
  "contact:view-contacts",
];

function renderLog(log: ActivityLogDto, permissions = everyTarget) {
  const onClose = vi.fn();
  const view = renderRoutes(
    [
      { path: "/", element: <ActivityLogModal log={log} onClose={onClose} /> },
      { path: "/admin/products/edit/:id", element: <p>product editor</p> },
      { path: "/admin/contacts", element: <p>inbox</p> },
    ],
    { store: staffWith(permissions) },
  );
  return { ...view, onClose };
}

const block = (id: string) => document.querySelector<HTMLElement>(`[data-block="${id}"]`);

describe("activity log detail modal", () => {
  it("shows the status icon, action in module, time, user, description and IP address", () => {
    renderLog(entry());
    const dialog = screen.getByRole("dialog", { name: "Activity Details" });
    expect(within(dialog).getByText("Update product in Products")).toBeTruthy();
    expect(within(dialog).getAllByText("Success").length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/Ada Admin/)).toBeTruthy();
    expect(within(dialog).getByText("Updated product Smart Lock")).toBeTruthy();
    expect(within(dialog).getByText("203.0.113.9")).toBeTruthy();
    expect(within(dialog).getByText(/2025/)).toBeTruthy();
  });

  it("says N/A without an IP address, and shows an unknown status as a failure", () => {
    renderLog(entry({ ipAddress: null, status: "Exploded" as ActivityLogDto["status"] }));
    expect(screen.getByText("N/A")).toBeTruthy();
    expect(document.querySelector('[data-status="Failure"]')).not.toBeNull();
    expect(screen.queryByText("Exploded")).toBeNull();
  });

  it("renders a block for every detail it knows", () => {
    renderLog(
      entry({
        details: {
          productId: "p-42",
          bannerInfo: { title: "Spring sale", id: "b-1" },
          emailInfo: { subject: "March news", emailId: "e-9" },
          tagInfo: { name: "VIP" },
          subscriberInfo: { email: "sub@example.com", id: "s-1" },
          tagsList: ["VIP", "Locks"],
          subscriberEmails: ["a@example.com", "b@example.com"],
          onActioned: { name: "Bea", email: "bea@example.com" },
          roleinfo: { name: "Catalogue", id: "r-1" },
          userInfo: { name: "Sam", email: "sam@example.com", id: "u-2" },
          updatedisActive: false,
          message: "Role not found",
          fieldChanges: { original: { price: 49.99 }, updated: { price: 44.99 } },
          requestId: "abc-123",
        },
      }),
    );
    for (const id of [
      "product",
      "banner",
      "email",
      "tag",
      "subscriber",
      "tags",
      "subscriber-emails",
      "actioned-on",
      "role",
      "user",
      "active-notice",
      "failure-reason",
      "field-changes",
      "other",
    ]) {
      expect(block(id), id).not.toBeNull();
    }
    expect(within(block("banner") as HTMLElement).getByText("Spring sale")).toBeTruthy();
    expect(within(block("email") as HTMLElement).getByText("March news")).toBeTruthy();
    expect(within(block("actioned-on") as HTMLElement).getByText("bea@example.com")).toBeTruthy();
    expect(screen.getByText("The user was deactivated")).toBeTruthy();
    expect(within(block("failure-reason") as HTMLElement).getByText("Role not found")).toBeTruthy();
    expect(within(block("other") as HTMLElement).getByText(/abc-123/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /Open product/ }).getAttribute("href")).toBe("/admin/products/edit/p-42");
  });

  it("leaves the blocks out when there are no details", () => {
    renderLog(entry());
    expect(document.querySelector("[data-block]")).toBeNull();
  });

  it("shows field changes as original versus updated, JSON for non-strings", () => {
    renderLog(
      entry({
        details: {
          fieldChanges: {
            original: { price: 49.99, name: "Lock", features: ["a"] },
            updated: { price: 44.99, name: "Smart Lock", features: ["a", "b"] },
          },
        },
      }),
    );
    const price = document.querySelector('[data-field="price"]') as HTMLElement;
    expect(price.querySelector('[data-diff="original"]')?.textContent).toContain("49.99");
    expect(price.querySelector('[data-diff="updated"]')?.textContent).toContain("44.99");
    const name = document.querySelector('[data-field="name"]') as HTMLElement;
    expect(name.querySelector('[data-diff="updated"]')?.textContent).toContain("Smart Lock");
    expect(name.querySelector('[data-diff="updated"]')?.textContent).not.toContain('"');
    const features = document.querySelector('[data-field="features"]') as HTMLElement;
    expect(features.querySelector('[data-diff="updated"]')?.textContent).toContain('"b"');
  });

  it("searches the subscriber emails and says when none match", async () => {
    renderLog(entry({ details: { subscriberEmails: ["ann@example.com", "bob@example.com", "ann@test.io"] } }));
    const emails = block("subscriber-emails") as HTMLElement;
    expect(within(emails).getByText("Total: 3")).toBeTruthy();
    await userEvent.type(within(emails).getByLabelText("Search emails"), "ann");
    expect(within(emails).getAllByRole("listitem")).toHaveLength(2);
    await userEvent.clear(within(emails).getByLabelText("Search emails"));
    await userEvent.type(within(emails).getByLabelText("Search emails"), "zed");
    expect(within(emails).getByText('No emails found matching "zed"')).toBeTruthy();
  });

  it("says no subscriber emails were recorded, with no total of 0 and nothing to search", () => {
    renderLog(entry({ details: { subscriberEmails: [] } }));
    const emails = block("subscriber-emails") as HTMLElement;
    expect(within(emails).getByText("No subscriber emails recorded")).toBeTruthy();
    expect(within(emails).queryByText("Total: 0")).toBeNull();
    expect(within(emails).queryByLabelText("Search emails")).toBeNull();
  });

  it("closes when the product link is followed", async () => {
    const { onClose, router } = renderLog(entry({ details: { productId: "p-42" } }));
    await userEvent.click(screen.getByRole("link", { name: /Open product/ }));
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/admin/products/edit/p-42");
  });
});

describe("links to what an entry names", () => {
  it("are offered only to someone who may open them: an auditor of the log alone reads the facts", () => {
    const details = {
      productId: "p-42",
      emailInfo: { subject: "Spring sale", emailId: "e-7" },
      onActioned: { name: "Nina Buyer", email: "nina@example.com" },
      contactId: "0195a1b2-0000-7000-8000-0000000000c1",
    };
    renderLog(entry({ details }), ["activitylog:view-activity-logs"]);
    expect(within(block("product") as HTMLElement).getByText("p-42")).toBeTruthy();
    expect(within(block("email") as HTMLElement).getByText("Spring sale")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Open product/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /Open email/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /Open contact/ })).toBeNull();
  });
});

describe("an inbox entry in the activity log", () => {
  it("links a reply, note or assignment to its contact, opened in the inbox", async () => {
    const contactId = "0195a1b2-0000-7000-8000-0000000000c1";
    const { onClose, router } = renderLog(
      entry({
        action: "Reply to contact",
        module: "contact",
        details: { onActioned: { name: "Nina Buyer", email: "nina@example.com" }, contactId },
      }),
    );
    expect(within(block("actioned-on") as HTMLElement).getByText("Nina Buyer")).toBeTruthy();
    expect(block("other")).toBeNull();
    await userEvent.click(screen.getByRole("link", { name: /Open contact/ }));
    expect(onClose).toHaveBeenCalled();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/admin/contacts?open=${contactId}`,
    );
  });
});
