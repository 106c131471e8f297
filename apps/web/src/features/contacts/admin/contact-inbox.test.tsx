import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeAllModals } from "@/modals/modal-store";
import { colleague, contactId, overdueId, renderInbox } from "./inbox-test-server";

afterEach(() => {
  act(() => closeAllModals());
  vi.unstubAllGlobals();
});

async function openNina() {
  await userEvent.click(await screen.findByRole("button", { name: "View Nina Buyer's request" }));
  return screen.findByRole("dialog", { name: "Contact Details" });
}

const entries = (dialog: HTMLElement) =>
  within(within(dialog).getByTestId("conversation"))
    .getAllByRole("listitem")
    .map((item) => [item.dataset.kind, item.getAttribute("aria-label")]);

describe("the Contact Details conversation", () => {
  it("replies to the customer: the reply joins the thread with who and when, and the status moves on", async () => {
    const { requests, store } = renderInbox();
    const dialog = await openNina();
    await within(dialog).findByText("Inquiry about Smart Lock");
    expect(entries(dialog)).toEqual([["request", "Request from Nina Buyer"]]);
    expect(within(dialog).getByText("No replies or notes yet.")).toBeTruthy();

    const box = within(dialog).getByLabelText("Reply to the customer");
    await userEvent.type(box, "We have it in stock.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send reply" }));

    await vi.waitFor(() =>
      expect(entries(dialog)).toEqual([
        ["request", "Request from Nina Buyer"],
        ["reply", "Reply by Sam"],
      ]),
    );
    const reply = within(dialog).getByRole("listitem", { name: "Reply by Sam" });
    expect(reply.textContent).toContain("We have it in stock.");
    expect(reply.querySelector("time")?.getAttribute("dateTime")).toMatch(/^2025-03-06T09:0/);
    expect(within(reply).getByText("Sending…")).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe("");
    await vi.waitFor(() => expect(within(dialog).getAllByText("In Progress").length).toBeGreaterThan(0));

    const post = requests.find((request) => request.method === "POST");
    expect(new URL(post?.url ?? "").pathname).toBe(`/api/contacts/${contactId}/replies`);
    expect(await post?.json()).toEqual({ body: "We have it in stock." });
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain("Reply sent");
  });

  it("adds an internal note, shown apart from replies and never as a reply", async () => {
    const { requests } = renderInbox();
    const dialog = await openNina();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Internal note" }));
    expect(within(dialog).getByLabelText("Reply to the customer").closest("form")?.hidden).toBe(true);
    await userEvent.type(within(dialog).getByLabelText("Add an internal note"), "Called her, wants black.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add note" }));

    const note = await within(dialog).findByRole("listitem", { name: "Note by Sam" });
    expect(note.dataset.kind).toBe("note");
    expect(within(note).getByText("Internal note")).toBeTruthy();
    expect(within(note).queryByText("Sending…")).toBeNull();
    const post = requests.find((request) => request.method === "POST");
    expect(new URL(post?.url ?? "").pathname).toBe(`/api/contacts/${contactId}/notes`);
    expect(within(dialog).getAllByText("Not Actioned").length).toBeGreaterThan(0);
  });

  it("asks for text before sending, and shows the server's refusal", async () => {
    const { requests } = renderInbox({ replyFailure: { status: 503, message: "Mail is paused" } });
    const dialog = await openNina();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Send reply" }));
    expect(await within(dialog).findByText("Message is required")).toBeTruthy();
    expect(requests.some((request) => request.method === "POST")).toBe(false);

    await userEvent.type(within(dialog).getByLabelText("Reply to the customer"), "Hello");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send reply" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Mail is paused");
    expect((within(dialog).getByLabelText("Reply to the customer") as HTMLTextAreaElement).value).toBe("Hello");
  });

  it("assigns the contact to a staff member, and the list shows who", async () => {
    const { requests } = renderInbox();
    const dialog = await openNina();
    const select = await within(dialog).findByLabelText("Assigned to");
    await vi.waitFor(() => expect(within(select).getByRole("option", { name: colleague.name })).toBeTruthy());
    await userEvent.selectOptions(select, colleague._id);

    const put = await vi.waitFor(() => {
      const found = requests.find((request) => request.method === "PUT");
      if (!found) throw new Error("no PUT yet");
      return found;
    });
    expect(new URL(put.url).pathname).toBe(`/api/contacts/${contactId}/assignee`);
    expect(await put.json()).toEqual({ userId: colleague._id });
    await vi.waitFor(() => expect((select as HTMLSelectElement).value).toBe(colleague._id));
    act(() => closeAllModals());
    const row = (await screen.findByText("Nina Buyer")).closest("tr") as HTMLElement;
    await vi.waitFor(() => expect(within(row).getByText(colleague.name)).toBeTruthy());
  });

  it("shows the conversation read-only to someone who may only view contacts", async () => {
    renderInbox({ permissions: ["contact:view-contacts"] });
    const dialog = await openNina();
    await within(dialog).findByText("Inquiry about Smart Lock");
    expect(within(dialog).queryByLabelText("Reply to the customer")).toBeNull();
    expect(within(dialog).queryByLabelText("Assigned to")).toBeNull();
    expect(within(dialog).getByText("Unassigned")).toBeTruthy();
  });
});

describe("the inbox address and filters", () => {
  it("opens the contact named by ?open= on load, and closing takes it out of the address", async () => {
    const { router } = renderInbox({ initialEntry: `/admin/contacts?status=notActioned&open=${contactId}` });
    const dialog = await screen.findByRole("dialog", { name: "Contact Details" });
    expect(await within(dialog).findByText("Inquiry about Smart Lock")).toBeTruthy();

    await userEvent.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1) as HTMLElement);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(router.state.location.search).toBe("?status=notActioned");
  });

  it("puts an opened row in the address, so the link can be shared", async () => {
    const { router } = renderInbox();
    await openNina();
    expect(router.state.location.search).toBe(`?open=${contactId}`);
  });

  it('filters by "Overdue", "Assigned to me" and "Unassigned", and badges overdue rows', async () => {
    const { router, requests } = renderInbox({ withOverdue: true });
    const olga = (await screen.findByText("Olga Waiting")).closest("tr") as HTMLElement;
    expect(within(olga).getByText("Overdue")).toBeTruthy();
    const nina = screen.getByText("Nina Buyer").closest("tr") as HTMLElement;
    expect(within(nina).queryByText("Overdue")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Overdue" }));
    expect(router.state.location.search).toBe("?overdue=true");
    await vi.waitFor(() => expect(screen.queryByText("Nina Buyer")).toBeNull());
    expect(screen.getByText("Olga Waiting")).toBeTruthy();
    const lists = () => requests.map((r) => new URL(r.url)).filter((url) => url.pathname === "/api/contacts");
    expect(lists().at(-1)?.searchParams.get("overdue")).toBe("true");
    expect(screen.getByRole("button", { name: "Overdue" }).getAttribute("aria-pressed")).toBe("true");

    await userEvent.click(screen.getByRole("button", { name: "Assigned to me" }));
    expect(router.state.location.search).toBe("?overdue=true&assigned=me");
    expect(await screen.findByText("No contact requests found")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Unassigned" }));
    expect(router.state.location.search).toBe("?overdue=true&assigned=none");
    expect(await screen.findByText("Olga Waiting")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Assigned to me" }).getAttribute("aria-pressed")).toBe("false");
    const counts = requests.map((r) => new URL(r.url)).filter((url) => url.pathname.endsWith("get-contact-counts"));
    expect(counts.at(-1)?.searchParams.get("assigned")).toBe("none");

    // The overdue contact opens like any other.
    await userEvent.click(screen.getByRole("button", { name: "View Olga Waiting's request" }));
    expect(router.state.location.search).toContain(`open=${overdueId}`);
  });
});
