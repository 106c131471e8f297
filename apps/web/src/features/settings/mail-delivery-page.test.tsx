import type { TroubledMailDto } from "@shop/shared/schemas/mail-delivery";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { MailDeliveryBanner } from "./mail-delivery-banner";
import { MailDeliveryPage } from "./mail-delivery-page";

const refused: TroubledMailDto = {
  _id: "0190a5d0-0000-7000-8000-000000000001",
  kind: "password-reset",
  status: "failed",
  to: ["typo@exmaple.com"],
  subject: "Reset your password",
  attempts: 1,
  lastError: "550 5.1.1 <typo@exmaple.com>: Recipient address rejected",
  createdAt: "2026-11-20T10:00:00.000Z",
  nextAttemptAt: null,
};
const waiting: TroubledMailDto = {
  ...refused,
  _id: "0190a5d0-0000-7000-8000-000000000002",
  kind: "enquiry-confirmation",
  status: "retrying",
  to: ["busy@example.com"],
  subject: "We have your enquiry",
  attempts: 2,
  lastError: "451 4.3.0 Try again later",
  nextAttemptAt: "2026-11-20T10:02:30.000Z",
};
const ok = (data: unknown) => ({ body: { success: true, message: "ok", data } });
const page = (mails: TroubledMailDto[]) =>
  ok({ mails, pagination: { currentPage: 1, totalPages: 1, totalMails: mails.length, mailsPerPage: 20 } });

function storeWith(permissions: string[]) {
  return makeStore({
    user: {
      userInfo: { id: "me", name: "Sam Settings", email: "sam@example.com", isSuperAdmin: false },
      role: { _id: "r", name: "Owner", permissions: permissions.map((name) => ({ name })) },
    },
  });
}

function renderAt(url: string, element: ReactNode, reply: (request: Request) => ReturnType<typeof ok> | object) {
  const network = fakeFetch(reply);
  const store = storeWith(["settings:update-settings"]);
  return { ...renderRoutes([{ path: url, element }], { store, initialEntries: [url] }), ...network };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("mail delivery page", () => {
  it("lists mail that did not go out with the mail server's answer, offering Retry only for failed mail", async () => {
    renderAt("/admin/settings/mail-delivery", <MailDeliveryPage />, () => page([refused, waiting]));
    const row = (await screen.findByText("typo@exmaple.com")).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("Password reset")).toBeTruthy();
    expect(within(row).getByText("Failed")).toBeTruthy();
    expect(within(row).getByText(/Recipient address rejected/)).toBeTruthy();
    expect(within(row).getByText("Not retried")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send the mail to typo@exmaple.com again" })).toBeTruthy();
    const other = screen.getByText("busy@example.com").closest("tr");
    expect(other && within(other).getByText("Retrying")).toBeTruthy();
    expect(other && within(other).queryByRole("button", { name: /again/ })).toBeNull();
  });

  it("says so when no mail is in trouble, and when the list cannot be loaded", async () => {
    const { unmount } = renderAt("/admin/settings/mail-delivery", <MailDeliveryPage />, () => page([]));
    expect(await screen.findByText("No mail in trouble")).toBeTruthy();
    unmount();
    renderAt("/admin/settings/mail-delivery", <MailDeliveryPage />, () => ({
      status: 500,
      body: { success: false, message: "" },
    }));
    expect(await screen.findByText("Failed to load mail delivery", undefined, { timeout: 4000 })).toBeTruthy();
  });

  it("filters by status through the API", async () => {
    const { requests } = renderAt("/admin/settings/mail-delivery", <MailDeliveryPage />, () => page([refused]));
    await screen.findByText("typo@exmaple.com");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "failed");
    await vi.waitFor(() =>
      expect(requests.some((request) => new URL(request.url).searchParams.get("status") === "failed")).toBe(true),
    );
  });

  it("sends a failed mail again after confirming, and keeps the dialog open with the reason if it cannot", async () => {
    let answer: object = ok(null);
    const { requests } = renderAt("/admin/settings/mail-delivery", <MailDeliveryPage />, (request) =>
      request.method === "POST" ? answer : page([refused]),
    );
    answer = {
      status: 409,
      body: { success: false, message: "Only failed mail can be sent again; this one is already on its way or sent" },
    };
    await userEvent.click(await screen.findByRole("button", { name: "Send the mail to typo@exmaple.com again" }));
    let confirm = screen.getByRole("dialog", { name: "Send again?" });
    expect(confirm.textContent).toContain("The mail to typo@exmaple.com goes back in the outbox");
    await userEvent.click(within(confirm).getByRole("button", { name: "Retry" }));
    expect(await within(confirm).findByText(/already on its way or sent/)).toBeTruthy();

    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    answer = ok(null);
    await userEvent.click(screen.getByRole("button", { name: "Send the mail to typo@exmaple.com again" }));
    confirm = screen.getByRole("dialog", { name: "Send again?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Retry" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posts = requests.filter((request) => request.method === "POST");
    expect(posts).toHaveLength(2);
    expect(new URL(posts[1]?.url ?? "").pathname).toBe(`/api/mail-delivery/${refused._id}/retry`);
  });
});

describe("mail delivery banner", () => {
  it("tells whoever keeps the settings how much mail failed, with a link to it", async () => {
    renderAt("/admin", <MailDeliveryBanner />, () => ok({ failed: 3, retrying: 1 }));
    const banner = await screen.findByTestId("mail-delivery-banner");
    expect(banner.textContent).toContain("3 account mails could not be sent");
    expect(within(banner).getByRole("link", { name: "See mail delivery" }).getAttribute("href")).toBe(
      "/admin/settings/mail-delivery",
    );
  });

  it("shows nothing while no mail failed, and asks nothing without the permission", async () => {
    const { requests, unmount } = renderAt("/admin", <MailDeliveryBanner />, () => ok({ failed: 0, retrying: 2 }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByTestId("mail-delivery-banner")).toBeNull();
    unmount();
    const network = fakeFetch(() => ok({ failed: 3, retrying: 0 }));
    renderRoutes([{ path: "/admin", element: <MailDeliveryBanner /> }], {
      store: storeWith(["contact:view-contacts"]),
      initialEntries: ["/admin"],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.requests).toHaveLength(0);
    expect(screen.queryByTestId("mail-delivery-banner")).toBeNull();
  });
});
