import type { ImportProgress } from "@shop/shared/schemas/newsletter";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { csvFile, englishPreview, FakeXhr, renderModal, uploadSent, user } from "./bulk-import-test-kit";
import { ok } from "./test-data";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Picks the file and a tag, presses Import and lets the whole file reach the server. */
async function sendWholeFile() {
  await user.upload(screen.getByLabelText("CSV file"), csvFile());
  await user.click(await screen.findByRole("checkbox", { name: /VIP/ }));
  await user.click(screen.getByRole("button", { name: "Import" }));
  const xhr = await uploadSent();
  act(() => xhr.uploaded());
  expect(await screen.findByText(/1,200 rows read/)).toBeTruthy();
  return xhr;
}

describe("bulk import whose answer is lost", () => {
  it("shows the import's result when the connection drops after the whole file was sent and the server finishes", async () => {
    let jobStatus: ImportProgress["status"] = "running";
    const { onImported, toasts } = renderModal({ jobStatus: () => jobStatus });
    const xhr = await sendWholeFile();

    // A 1M-row import runs longer than a proxy or the 60 s wait holds the connection; the server goes on.
    act(() => xhr.fail());
    jobStatus = "finished";

    const shown = await screen.findByTestId("import-result", {}, { timeout: 3000 });
    expect(shown.textContent).toContain("Imported5");
    expect(toasts()).toContain("Successfully imported 5 subscriber(s).");
    expect(toasts()).not.toContain("Something went wrong while importing subscribers");
    expect(screen.queryByText("Could not reach the server. Please check your connection.")).toBeNull();
    expect(onImported).toHaveBeenCalledWith(5);
  });

  it("says the import failed when the server's job failed after the answer was lost", async () => {
    let jobStatus: ImportProgress["status"] = "running";
    const { onImported, toasts } = renderModal({ jobStatus: () => jobStatus });
    const xhr = await sendWholeFile();

    act(() => xhr.respond(504, { message: "Gateway Timeout" }));
    jobStatus = "failed";

    expect(await screen.findByText("Failed to import subscribers", {}, { timeout: 3000 })).toBeTruthy();
    expect(toasts()).toContain("Something went wrong while importing subscribers");
    expect(screen.queryByTestId("import-result")).toBeNull();
    expect(onImported).not.toHaveBeenCalled();
  });

  it("reads the file again on Import when its preview got no answer, instead of holding the file as unreadable", async () => {
    let previews = 0;
    renderModal({
      preview: () => {
        previews += 1;
        if (previews === 1) throw new TypeError("Failed to fetch");
        return ok(englishPreview);
      },
    });
    await user.upload(screen.getByLabelText("CSV file"), csvFile());
    expect(await screen.findByText("Could not reach the server. Please check your connection.")).toBeTruthy();
    await user.click(await screen.findByRole("checkbox", { name: /VIP/ }));

    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByRole("group", { name: "Columns" })).toBeTruthy();
    expect(screen.queryByText("Could not reach the server. Please check your connection.")).toBeNull();
    expect(previews).toBe(2);

    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await uploadSent()).toBe(FakeXhr.sent[0]);
  });
});
