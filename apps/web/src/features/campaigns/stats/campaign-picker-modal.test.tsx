import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ModalRoot } from "@/modals/modal-root";
import { closeAllModals, openModal } from "@/modals/modal-store";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { campaignList, campaignOf } from "../test-data";

const campaigns = Array.from({ length: 23 }, (_, index) =>
  campaignOf(index + 1, index === 0 ? { status: "draft", sentAt: null, recipientCount: 0 } : {}),
);

function renderPicker(list = campaigns) {
  const network = fakeFetch((request) => {
    const search = new URL(request.url).searchParams.get("search")?.toLowerCase() ?? "";
    return campaignList(list.filter((campaign) => campaign.subject.toLowerCase().includes(search)));
  });
  const onSelect = vi.fn();
  renderRoutes([{ path: "/", element: <ModalRoot /> }]);
  const open = () => act(() => void openModal("campaignFilter", { selectedCampaignId: null, onSelect }));
  open();
  return { ...network, onSelect, open };
}

const dialog = () => screen.getByRole("dialog", { name: "Select Campaign for Funnel Analysis" });
const rowNames = () =>
  within(dialog())
    .getAllByRole("button", { name: /^Choose / })
    .map((button) => button.getAttribute("aria-label"));

/** A search waits out the debounce, then the network: give a busy machine time. */
const slow = { timeout: 4000 };

afterEach(() => {
  act(() => closeAllModals());
  vi.unstubAllGlobals();
});

describe("Campaign picker", () => {
  it("shows the spec's words: title, subtitle, search, All Campaigns, columns, footer and Cancel", async () => {
    const { requests } = renderPicker();
    const modal = await screen.findByRole("dialog", { name: "Select Campaign for Funnel Analysis" });
    expect(within(modal).getByText("Choose a specific campaign to analyze its performance funnel")).toBeTruthy();
    expect(within(modal).getByText("Loading campaigns...")).toBeTruthy();
    expect(within(modal).getByPlaceholderText("Search campaigns...")).toBeTruthy();
    expect(within(modal).getByRole("button", { name: "All Campaigns" })).toBeTruthy();
    expect(within(modal).getByRole("button", { name: "Cancel" })).toBeTruthy();

    await within(modal).findByText("Campaign 1", undefined, slow);
    for (const heading of ["Campaign Name", "Status", "Created", "Recipients", "Sent Date"]) {
      expect(within(modal).getByRole("columnheader", { name: heading })).toBeTruthy();
    }
    expect(within(modal).getByText("Showing 1 to 10 of 23")).toBeTruthy();
    expect(within(modal).getByRole("button", { name: "Prev" })).toBeTruthy();
    expect(within(modal).getByRole("button", { name: "Next" })).toBeTruthy();

    // Loads the 100 newest at once (the API lists newest first).
    const query = new URL(requests[0]?.url ?? "").searchParams;
    expect(query.get("limit")).toBe("100");
    expect(query.get("page")).toBe("1");
  });

  it("shows a row's subject with the last 8 characters of its id, status, dates and recipients", async () => {
    renderPicker();
    const draftRow = (await screen.findByText("Campaign 1", undefined, slow)).closest("tr");
    const sentRow = screen.getByText("Campaign 2").closest("tr");
    if (!draftRow || !sentRow) throw new Error("rows missing");
    expect(within(draftRow).getByText("00000001")).toBeTruthy();
    expect(within(draftRow).getByText("Draft")).toBeTruthy();
    expect(within(draftRow).getByText("Not sent")).toBeTruthy();
    expect(within(draftRow).getByText("0")).toBeTruthy();
    expect(within(sentRow).getByText("1,202")).toBeTruthy();
    expect(within(sentRow).getAllByText("Mar 28, 2025")).toHaveLength(2);
  });

  it("pages 10 at a time with at most 5 numbered buttons", async () => {
    renderPicker(Array.from({ length: 73 }, (_, index) => campaignOf(index + 1)));
    await screen.findByText("Campaign 1", undefined, slow);
    expect(rowNames()).toHaveLength(10);
    const pageButtons = () => within(dialog()).getAllByRole("button", { name: /^Page \d+$/ });
    expect(pageButtons().map((button) => button.textContent)).toEqual(["1", "2", "3", "4", "5"]);

    await userEvent.click(within(dialog()).getByRole("button", { name: "Next" }));
    expect(within(dialog()).getByText("Showing 11 to 20 of 73")).toBeTruthy();
    expect(rowNames()[0]).toBe("Choose Campaign 11");

    await userEvent.click(within(dialog()).getByRole("button", { name: "Page 5" }));
    expect(within(dialog()).getByText("Showing 41 to 50 of 73")).toBeTruthy();
    expect(pageButtons().map((button) => button.textContent)).toEqual(["3", "4", "5", "6", "7"]);

    await userEvent.click(within(dialog()).getByRole("button", { name: "Page 7" }));
    expect(within(dialog()).getByText("Showing 61 to 70 of 73")).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole("button", { name: "Next" }));
    expect(within(dialog()).getByText("Showing 71 to 73 of 73")).toBeTruthy();
    expect(rowNames()).toHaveLength(3);
    expect((within(dialog()).getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("searches on subject; nothing found shows the hint and Clear search", async () => {
    const { requests } = renderPicker();
    await screen.findByText("Campaign 1", undefined, slow);
    await userEvent.type(within(dialog()).getByPlaceholderText("Search campaigns..."), "no such thing");
    expect(await within(dialog()).findByText("No campaigns found", undefined, slow)).toBeTruthy();
    expect(within(dialog()).getByText("Try a different search term")).toBeTruthy();
    expect(new URL(requests.at(-1)?.url ?? "").searchParams.get("search")).toBe("no such thing");

    // The search box has its own × (also "Clear search"): this is the empty state's button.
    await userEvent.click(within(dialog()).getByText("Clear search"));
    expect(await within(dialog()).findByText("Campaign 1", undefined, slow)).toBeTruthy();
    expect((within(dialog()).getByPlaceholderText("Search campaigns...") as HTMLInputElement).value).toBe("");
  });

  it("chooses a row: hands back the campaign and closes", async () => {
    const { onSelect } = renderPicker();
    await userEvent.click(await screen.findByText("Campaign 3", undefined, slow));
    expect(onSelect).toHaveBeenCalledWith({ _id: campaigns[2]?._id, subject: "Campaign 3" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("chooses All Campaigns: hands back null and closes", async () => {
    const { onSelect } = renderPicker();
    await screen.findByText("Campaign 1", undefined, slow);
    await userEvent.click(within(dialog()).getByRole("button", { name: "All Campaigns" }));
    expect(onSelect).toHaveBeenCalledWith(null);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("starts again with no search on page 1 after being closed", async () => {
    const { open, onSelect } = renderPicker();
    await screen.findByText("Campaign 1", undefined, slow);
    await userEvent.click(within(dialog()).getByRole("button", { name: "Next" }));
    await userEvent.type(within(dialog()).getByPlaceholderText("Search campaigns..."), "Campaign 2");
    await within(dialog()).findByText("Showing 1 to 5 of 5", undefined, slow);
    await userEvent.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onSelect).not.toHaveBeenCalled();

    open();
    expect((await screen.findByPlaceholderText("Search campaigns...")).getAttribute("value") ?? "").toBe("");
    await within(dialog()).findByText("Showing 1 to 10 of 23", undefined, slow);
  });
});
