import { defaultSettings } from "@shop/shared/schemas/settings";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { SettingsPage } from "./settings-page";

function renderPage() {
  const network = fakeFetch(async (request) => {
    if (request.method === "PUT") {
      const changes = (await request.json()) as object;
      return {
        body: { success: true, message: "Settings updated successfully", data: { ...defaultSettings, ...changes } },
      };
    }
    return { body: { success: true, message: "ok", data: defaultSettings } };
  });
  const view = renderRoutes([{ path: "/admin/settings", element: <SettingsPage /> }], {
    store: makeStore(),
    initialEntries: ["/admin/settings"],
  });
  return { ...network, ...view };
}

const puts = (requests: Request[]) => requests.filter((request) => request.method === "PUT");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("settings page", () => {
  it("sends only the settings that changed", async () => {
    const { requests, store } = renderPage();
    const storeName = await screen.findByLabelText("Store name");
    await userEvent.clear(storeName);
    await userEvent.type(storeName, "Casa Smart");
    await userEvent.clear(screen.getByLabelText("Instagram"));
    await userEvent.click(screen.getByLabelText("Double opt-in"));
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));

    await vi.waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(await puts(requests)[0]?.json()).toEqual({ storeName: "Casa Smart", instagramUrl: "", doubleOptIn: true });
    await vi.waitFor(() => expect(store.getState().ui.notifications.map((n) => n.message)).toContain("Settings saved"));
    // Saved: nothing is pending any more.
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Save settings" }).disabled).toBe(true);
  });

  it("says what is wrong and sends nothing for an invalid address", async () => {
    const { requests } = renderPage();
    const email = await screen.findByLabelText("Contact email");
    await userEvent.clear(email);
    await userEvent.type(email, "not-an-email");
    await userEvent.clear(screen.getByLabelText("Facebook"));
    await userEvent.type(screen.getByLabelText("Facebook"), "javascript:alert(1)");
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));

    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(screen.getByText("Use a full http(s) address")).toBeTruthy();
    expect(puts(requests)).toEqual([]);
  });

  it("keeps the enquiry addresses as a list, switches the confirmation off, and sets a sender", async () => {
    const { requests } = renderPage();
    const list = await screen.findByLabelText("Notify about new enquiries");
    await userEvent.type(list, "team@shop.test\n Sales@Shop.test , ");
    const confirmation = screen.getByLabelText<HTMLInputElement>("Send customers a confirmation");
    expect(confirmation.checked).toBe(true);
    await userEvent.click(confirmation);
    await userEvent.type(screen.getByLabelText("Sender address"), "shop@shop.test");
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));

    await vi.waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(await puts(requests)[0]?.json()).toEqual({
      enquiryNotifyEmails: ["team@shop.test", "Sales@Shop.test"],
      enquiryConfirmation: false,
      mailFromAddress: "shop@shop.test",
    });
    // Saved and shown again one address per line.
    await vi.waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>("Notify about new enquiries").value).toBe(
        "team@shop.test\nSales@Shop.test",
      ),
    );
  });

  it("refuses an address in the enquiry list that is not one", async () => {
    const { requests } = renderPage();
    await userEvent.type(await screen.findByLabelText("Notify about new enquiries"), "team@shop.test\nnobody");
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(puts(requests)).toEqual([]);
  });

  it("sets how many soft bounces in a row bounce a subscriber, from 1 to 20", async () => {
    const { requests } = renderPage();
    const field = await screen.findByLabelText("Soft bounces in a row before a subscriber counts as bounced");
    expect((field as HTMLInputElement).value).toBe("3");
    await userEvent.clear(field);
    await userEvent.type(field, "0");
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("At least 1")).toBeTruthy();
    expect(puts(requests)).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, "5");
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await vi.waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(await puts(requests)[0]?.json()).toEqual({ softBouncesToBounce: 5 });
  });
});
