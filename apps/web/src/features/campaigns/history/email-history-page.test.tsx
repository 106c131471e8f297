import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { campaignList, campaignOf, ok } from "../test-data";
import { EmailHistoryPage } from "./email-history-page";

const sent = campaignOf(1, { subject: "Spring offers", recipientCount: 12345 });
const draft = campaignOf(2, { subject: "Summer draft", status: "draft", sentAt: null, recipientCount: 0 });
const failed = campaignOf(3, { subject: "Broken", status: "failed", sentAt: null });

function renderHistory(
  permissions: string[] = [
    "newsletter:view-emailhistories",
    "newsletter:delete-emailhistory",
    "newsletter:compose-email",
  ],
) {
  const network = fakeFetch((request) =>
    request.method === "DELETE" ? ok(undefined, "Email deleted") : campaignList([sent, draft, failed], 10),
  );
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Mia", email: "mia@example.com", isSuperAdmin: false },
      role: { _id: "r1", name: "Marketing", permissions: permissions.map((name) => ({ name })) },
    },
  });
  const { router } = renderRoutes([{ path: "/admin/newsletters/history", element: <EmailHistoryPage /> }], {
    store,
    initialEntries: ["/admin/newsletters/history"],
  });
  return { ...network, router };
}

const rowOf = async (subject: string) => {
  const row = (await screen.findByText(subject)).closest("tr");
  if (!row) throw new Error(`no row for ${subject}`);
  return row;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("email history", () => {
  it("lists campaigns with the spec's status colours, recipients and sent date or Not sent", async () => {
    renderHistory();
    const sentRow = await rowOf("Spring offers");
    expect(within(sentRow).getByText("Sent").className).toContain("bg-emerald-50");
    expect(within(sentRow).getByText("12,345")).toBeTruthy();
    expect(within(sentRow).getAllByText("Mar 29, 2025")).toHaveLength(2);

    const draftRow = await rowOf("Summer draft");
    expect(within(draftRow).getByText("Draft").className).toContain("bg-slate-100");
    expect(within(draftRow).getByText("Not sent")).toBeTruthy();
    expect(within(draftRow).getByText("0")).toBeTruthy();
    // Drafts open in the composer, sent campaigns in their report.
    expect(within(draftRow).getByRole("link", { name: "Edit Summer draft" }).getAttribute("href")).toBe(
      `/admin/compose-mail?id=${draft._id}`,
    );
    expect(within(sentRow).getByRole("link", { name: "View Spring offers" }).getAttribute("href")).toBe(
      `/admin/newsletters/history/email/${sent._id}`,
    );

    expect(within(await rowOf("Broken")).getByText("Failed").className).toContain("bg-red-50");
  });

  it("filters by status and searches by subject through the API", async () => {
    const { requests } = renderHistory();
    await rowOf("Spring offers");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "draft");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search" }), "summer");
    await vi.waitFor(() => {
      const query = new URL(requests.at(-1)?.url ?? "").searchParams;
      expect(query.get("status")).toBe("draft");
      expect(query.get("search")).toBe("summer");
    });
  });

  it("deletes after confirming", async () => {
    const { requests } = renderHistory();
    await userEvent.click(within(await rowOf("Summer draft")).getByRole("button", { name: "Delete Summer draft" }));
    const dialog = screen.getByRole("dialog", { name: "Delete email?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const deleted = requests.find((request) => request.method === "DELETE");
    expect(new URL(deleted?.url ?? "").pathname).toBe(`/api/emailhistory/${draft._id}`);
  });

  it("opens drafts in their report for a viewer who may not compose", async () => {
    const { router } = renderHistory(["newsletter:view-emailhistories"]);
    const draftRow = await rowOf("Summer draft");
    expect(within(draftRow).queryByRole("link", { name: "Edit Summer draft" })).toBeNull();
    expect(within(draftRow).getByRole("link", { name: "View Summer draft" }).getAttribute("href")).toBe(
      `/admin/newsletters/history/email/${draft._id}`,
    );
    expect(within(draftRow).getByRole("link", { name: "Summer draft" }).getAttribute("href")).toBe(
      `/admin/newsletters/history/email/${draft._id}`,
    );

    await userEvent.click(within(draftRow).getByText("Not sent"));
    expect(router.state.location.pathname).toBe(`/admin/newsletters/history/email/${draft._id}`);
    expect(router.state.location.search).toBe("");
  });

  it("offers no delete without the permission", async () => {
    renderHistory(["newsletter:view-emailhistories"]);
    await rowOf("Spring offers");
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
  });
});
