import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { campaignOf, ok } from "../test-data";
import { ComposeMailPage } from "./compose-mail-page";

const draft = campaignOf(1, { status: "draft", sentAt: null, subject: "Spring offers", html: "<p>Hello there</p>" });
const lineBreaks = "Subject cannot contain line breaks";

type Reply = { status?: number; body?: unknown };

type Options = { path?: string; save?: Reply; count?: () => Reply };

function renderComposer({ path = "/admin/compose-mail", save, count = () => ok({ count: 1234 }) }: Options = {}) {
  const network = fakeFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/compose-mail/delivery") return ok({ transport: "outbox" }, "Mail is not really sent");
    if (pathname === "/api/compose-mail/audience-count") return count();
    if (request.method === "GET" && pathname === `/api/compose-mail/${draft._id}`) return ok(draft);
    return save ?? ok(draft);
  });
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Mia", email: "mia@example.com", isSuperAdmin: false },
      role: { _id: "r1", name: "Marketing", permissions: [{ name: "newsletter:compose-email" }] },
    },
  });
  renderRoutes([{ path: "/admin/compose-mail", element: <ComposeMailPage /> }], { store, initialEntries: [path] });
  return network;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("compose mail", () => {
  it("requires a subject and content before saving, and calls nothing", async () => {
    const { requests } = renderComposer();
    await userEvent.click(await screen.findByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Subject is required")).toBeTruthy();
    expect(screen.getByText("The email needs some content")).toBeTruthy();
    expect(screen.getByLabelText("Subject").getAttribute("aria-invalid")).toBe("true");
    expect(
      requests.filter((request) => request.method === "PUT" || new URL(request.url).pathname === "/api/compose-mail"),
    ).toEqual([]);
  });

  it("shows the live recipient count and the outbox banner", async () => {
    renderComposer();
    expect(await screen.findByText("1,234 recipient(s) will receive this email")).toBeTruthy();
    expect(await screen.findByText("Mail is not really sent")).toBeTruthy();
  });

  it("shows the server's refusal of a subject with line breaks under the subject", async () => {
    const { requests } = renderComposer({
      path: `/admin/compose-mail?id=${draft._id}`,
      save: { status: 400, body: { success: false, message: lineBreaks, errors: { subject: lineBreaks } } },
    });
    const subject = await screen.findByLabelText("Subject");
    expect((subject as HTMLInputElement).value).toBe("Spring offers");
    await userEvent.type(subject, " again");
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));

    const put = await vi.waitFor(() => {
      const found = requests.find((request) => request.method === "PUT");
      if (!found) throw new Error("no PUT yet");
      return found;
    });
    expect(new URL(put.url).pathname).toBe(`/api/compose-mail/${draft._id}`);
    expect(await put.json()).toMatchObject({ subject: "Spring offers again", html: "<p>Hello there</p>" });
    const field = subject.closest("div");
    expect(field && (await within(field).findByText(lineBreaks))).toBeTruthy();
    expect(subject.getAttribute("aria-invalid")).toBe("true");
  });

  it("asks before sending, with the recipient count", async () => {
    renderComposer({ path: `/admin/compose-mail?id=${draft._id}` });
    await userEvent.click(await screen.findByRole("button", { name: "Send now" }));
    const dialog = await screen.findByRole("dialog", { name: "Send this email now?" });
    expect(
      within(dialog).getByText("“Spring offers” will be sent to 1,234 recipient(s). This cannot be undone."),
    ).toBeTruthy();
  });

  it("says when the recipients could not be counted, and Try again counts them", async () => {
    let failing = true;
    renderComposer({
      count: () => (failing ? { status: 500, body: { success: false, message: "" } } : ok({ count: 12 })),
    });
    const count = await screen.findByTestId("recipient-count");
    const alert = await within(count).findByRole("alert");
    expect(within(alert).getByText("Could not count the recipients")).toBeTruthy();
    expect(screen.queryByText("Counting recipients…")).toBeNull();

    failing = false;
    await userEvent.click(within(count).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("12 recipient(s) will receive this email")).toBeTruthy();
  });

  it("offers no sending to an audience it could not count", async () => {
    const { requests } = renderComposer({
      path: `/admin/compose-mail?id=${draft._id}`,
      count: () => ({ status: 500, body: { success: false, message: "" } }),
    });
    // The count is asked for twice (one retry), then given up.
    const counts = () => requests.filter((request) => new URL(request.url).pathname.endsWith("/audience-count"));
    await vi.waitFor(() => expect(counts()).toHaveLength(2), { timeout: 5_000 });
    await userEvent.click(screen.getByRole("button", { name: "Send now" }));
    const dialog = await screen.findByRole("dialog", { name: "Send this email now?" });
    expect(within(dialog).queryByText(/will be sent to 0 recipient/)).toBeNull();
    expect(within(dialog).getByText("Could not count the recipients")).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>("button", { name: "Send now" }).disabled).toBe(true);
  });
});
