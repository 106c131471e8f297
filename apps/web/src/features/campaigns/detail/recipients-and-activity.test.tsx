import type { RecipientDto } from "@shop/shared/schemas/campaigns";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { rowNamed } from "@/test/rows";
import { ok } from "../test-data";
import { CampaignLogs } from "./campaign-logs";
import { RecipientsTable } from "./recipients-table";

const recipientOf = (email: string, overrides: Partial<RecipientDto> = {}): RecipientDto => ({
  _id: email,
  subscriberId: null,
  email,
  status: "sent",
  attempts: 1,
  lastError: null,
  messageId: null,
  sentAt: "2025-03-30T12:00:00.000Z",
  openedAt: null,
  clickedAt: null,
  unsubscribedAt: null,
  ...overrides,
});

const people = [
  recipientOf("ada@example.com", { unsubscribedAt: "2025-03-31T08:00:00.000Z" }),
  recipientOf("bob@example.com", { status: "failed", attempts: 3, sentAt: null, lastError: "550 5.1.1 user unknown" }),
];

/** The recipients endpoint, filtering by status and search as the API does. */
function fakeRecipientsApi() {
  return fakeFetch((request) => {
    const query = new URL(request.url).searchParams;
    const found = people.filter(
      (person) =>
        (!query.get("status") || person.status === query.get("status")) &&
        person.email.includes(query.get("search") ?? ""),
    );
    const pagination = { currentPage: 1, totalPages: 1, totalRecipients: found.length, recipientsPerPage: 20 };
    return ok({ recipients: found, pagination });
  });
}

const renderRecipients = () => renderRoutes([{ path: "/", element: <RecipientsTable campaignId="c1" live={false} /> }]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a campaign's recipients", () => {
  it("shows each recipient's status, attempts and last error, and who unsubscribed", async () => {
    fakeRecipientsApi();
    renderRecipients();
    await screen.findByText("bob@example.com");

    expect(within(rowNamed("bob@example.com")).getByText("Failed")).toBeTruthy();
    expect(within(rowNamed("bob@example.com")).getByText("3")).toBeTruthy();
    expect(within(rowNamed("bob@example.com")).getByText("550 5.1.1 user unknown")).toBeTruthy();
    expect(within(rowNamed("ada@example.com")).getByText("Unsubscribed")).toBeTruthy();
    expect(within(rowNamed("ada@example.com")).getByText("Sent")).toBeTruthy();
  });

  it("filters by status through the URL and asks the server for that status only", async () => {
    const { requests } = fakeRecipientsApi();
    const { router } = renderRecipients();
    await screen.findByText("ada@example.com");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "failed");

    expect(router.state.location.search).toBe("?status=failed");
    await vi.waitFor(() => expect(screen.queryByText("ada@example.com")).toBeNull());
    expect(new URL(requests.at(-1)?.url ?? "").searchParams.get("status")).toBe("failed");
    expect(screen.getByText("bob@example.com")).toBeTruthy();
  });

  it("says no email matches a search, naming it", async () => {
    fakeRecipientsApi();
    renderRecipients();
    await screen.findByText("ada@example.com");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search by email" }), "zed");
    expect(await screen.findByText('No emails found matching "zed"')).toBeTruthy();
  });
});

describe("a campaign's activity", () => {
  const renderLogs = () => renderRoutes([{ path: "/", element: <CampaignLogs campaignId="c1" live={false} /> }]);

  it("lists what happened, oldest first, with each event's message", async () => {
    fakeFetch(
      ok([
        { _id: "l1", event: "started", message: "", createdAt: "2025-03-30T12:00:00.000Z" },
        { _id: "l2", event: "paused", message: "Paused by Mo", createdAt: "2025-03-30T12:05:00.000Z" },
        { _id: "l3", event: "finished", message: "", createdAt: "2025-03-30T13:00:00.000Z" },
      ]),
    );
    renderLogs();
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Started sending",
      "Paused",
      "Finished",
    ]);
    expect(within(items[1] as HTMLElement).getByText("Paused by Mo")).toBeTruthy();
  });

  it("says when nothing has happened yet", async () => {
    fakeFetch(ok([]));
    renderLogs();
    expect(await screen.findByText("Nothing has happened yet.")).toBeTruthy();
  });

  it("shows why the activity could not be loaded, and Try again loads it", async () => {
    let failing = true;
    fakeFetch(() =>
      failing
        ? { status: 500, body: { success: false, message: "Database unavailable" } }
        : ok([{ _id: "l1", event: "created", message: "", createdAt: "2025-03-30T12:00:00.000Z" }]),
    );
    renderLogs();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Database unavailable");
    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Created")).toBeTruthy();
  });
});
