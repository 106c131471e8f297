import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  csvFile,
  englishPreview,
  FakeXhr,
  fairTag,
  germanPreview,
  renderModal,
  result,
  serverJobId,
  uploadSent,
  user,
} from "./bulk-import-test-kit";
import { ok, vipTag } from "./test-data";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("bulk import modal", () => {
  it("offers the sample CSV", () => {
    renderModal();
    const link = screen.getByRole("link", { name: "Download sample CSV" });
    expect(link.getAttribute("href")).toBe("/assets/sample-subscribers.csv");
  });

  it("asks for a CSV file and a tag before importing", async () => {
    renderModal();
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Please select a CSV file")).toBeTruthy();
    expect(screen.getByText("Please select at least one tag")).toBeTruthy();
    expect(FakeXhr.sent).toEqual([]);
  });

  it("refuses a file that is not a CSV by type or name", async () => {
    renderModal();
    await user.upload(screen.getByLabelText("CSV file"), new File(["x"], "photo.png", { type: "image/png" }));
    expect(await screen.findByText("Please select a valid CSV file")).toBeTruthy();
    expect(screen.queryByText("photo.png")).toBeNull();
  });

  it("asks for a tag when only the file is there", async () => {
    renderModal();
    await user.upload(screen.getByLabelText("CSV file"), csvFile());
    expect(screen.getByText("people.csv")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Please select at least one tag")).toBeTruthy();
    expect(screen.queryByText("Please select a CSV file")).toBeNull();
    expect(FakeXhr.sent).toEqual([]);
  });

  it("uploads the file with its tags, shows progress, then the result and the count toast", async () => {
    const { onImported, toasts, requests } = renderModal();
    await user.upload(screen.getByLabelText("CSV file"), csvFile());
    await user.click(await screen.findByRole("checkbox", { name: /VIP/ }));
    await user.click(screen.getByRole("button", { name: "Import" }));

    const xhr = await uploadSent();
    const jobId = new URL(xhr.url, "http://shop.test").searchParams.get("jobId") ?? "";
    expect(jobId).toBe(serverJobId);
    expect(requests.some((request) => request.method === "POST" && request.url.endsWith("/api/csv/import-jobs"))).toBe(
      true,
    );
    expect(xhr.body?.getAll("tagIds")).toEqual([vipTag._id]);
    const sentFile = xhr.body?.get("file");
    expect(sentFile instanceof File && sentFile.name).toBe("people.csv");

    act(() => xhr.progress(45, 100));
    expect(screen.getByText("Uploading… 45%")).toBeTruthy();
    act(() => xhr.uploaded());
    expect(await screen.findByText(/1,200 rows read/)).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("50");
    expect(requests.some((request) => request.url.endsWith(`/api/csv/import-progress/${jobId}`))).toBe(true);

    act(() => xhr.respond(200, { success: true, message: "Successfully imported 5 subscriber(s).", data: result }));
    const shown = await screen.findByTestId("import-result");
    expect(shown.textContent).toContain("Imported5");
    expect(shown.textContent).toContain("Updated1");
    expect(shown.textContent).toContain("Skipped2");
    expect(toasts()).toContain("Successfully imported 5 subscriber(s).");
    expect(onImported).toHaveBeenCalledWith(5);
  });

  it("says what went wrong when the server refuses the file", async () => {
    const { toasts } = renderModal();
    await user.upload(screen.getByLabelText("CSV file"), csvFile());
    await user.click(await screen.findByRole("checkbox", { name: /VIP/ }));
    await user.click(screen.getByRole("button", { name: "Import" }));
    const message = "No email column found. Add a header row with an “email” column.";
    const xhr = await uploadSent();
    act(() => xhr.respond(400, { success: false, message }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(toasts()).toContain("Something went wrong while importing subscribers");
  });

  it("shows the columns the server found in a German export, with its first rows, and imports with the mapping staff chose", async () => {
    const { fetchMock } = renderModal({ preview: ok(germanPreview) });
    // A big file: only its head goes to the preview.
    const big = new File([`E-Mail;Vorname;Nachname\n${"x".repeat(300_000)}`], "kunden.csv", { type: "text/csv" });
    await user.upload(screen.getByLabelText("CSV file"), big);

    const mapping = await screen.findByRole("group", { name: "Columns" });
    const email = within(mapping).getByLabelText("Email column") as HTMLSelectElement;
    const first = within(mapping).getByLabelText("First name column") as HTMLSelectElement;
    const last = within(mapping).getByLabelText("Last name column") as HTMLSelectElement;
    const full = within(mapping).getByLabelText("Full name column") as HTMLSelectElement;
    expect(email.selectedOptions[0]?.textContent).toBe("E-Mail (column 1)");
    expect(first.selectedOptions[0]?.textContent).toBe("Vorname (column 2)");
    expect(last.selectedOptions[0]?.textContent).toBe("Nachname (column 3)");
    expect(full.selectedOptions[0]?.textContent).toBe("Not in this file");
    const sample = within(mapping).getByRole("table", { name: "First rows of the file" });
    expect(within(sample).getByText("Jürgen")).toBeTruthy();
    expect(within(sample).getByRole("columnheader", { name: "E-Mail" })).toBeTruthy();
    expect(screen.getByText(/Read as Windows-1252/)).toBeTruthy();

    // The form as the app handed it to fetch (a Request would re-read it in another realm).
    const previewed = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/csv/import-preview"));
    const head = previewed?.[1]?.body instanceof FormData ? previewed[1].body.get("file") : null;
    expect(head instanceof File ? [head.size, head.name] : head).toEqual([64 * 1024, "kunden.csv"]);

    // Choosing a column another role had moves it: each column is used once.
    await user.selectOptions(first, "Nachname (column 3)");
    expect(last.selectedOptions[0]?.textContent).toBe("Not in this file");
    await user.click(await screen.findByRole("checkbox", { name: /VIP/ }));
    await user.click(screen.getByRole("button", { name: "Import" }));
    const xhr = await uploadSent();
    expect(JSON.parse(String(xhr.body?.get("mapping")))).toEqual({
      email: 0,
      firstName: 2,
      lastName: null,
      name: null,
    });
  });

  it("asks for the email column when the server recognised none", async () => {
    renderModal({
      preview: ok({
        ...englishPreview,
        headers: ["Kolom A", "Kolom B"],
        rows: [["Ada", "ada@example.com"]],
        mapping: { email: null, firstName: null, lastName: null, name: null },
      }),
    });
    await user.upload(screen.getByLabelText("CSV file"), csvFile());
    await user.click(await screen.findByRole("checkbox", { name: /VIP/ }));
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Please choose the email column")).toBeTruthy();
    expect(FakeXhr.sent).toEqual([]);
    await user.selectOptions(screen.getByLabelText("Email column"), "Kolom B (column 2)");
    await user.click(screen.getByRole("button", { name: "Import" }));
    const xhr = await uploadSent();
    expect(JSON.parse(String(xhr.body?.get("mapping")))).toMatchObject({ email: 1 });
  });

  it("says why a file cannot be read before anything is imported", async () => {
    renderModal({ preview: { status: 400, body: { success: false, message: "The file is empty" } } });
    await user.upload(screen.getByLabelText("CSV file"), csvFile());
    expect(await screen.findByText("The file is empty")).toBeTruthy();
    await user.click(await screen.findByRole("checkbox", { name: /VIP/ }));
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(FakeXhr.sent).toEqual([]);
  });

  it("creates a tag inside the window and chooses it for the import", async () => {
    const { requests } = renderModal();
    await user.upload(screen.getByLabelText("CSV file"), csvFile());
    await screen.findByRole("checkbox", { name: /VIP/ });
    await user.type(screen.getByRole("searchbox", { name: "Search tags" }), "Fair 2026");
    await user.click(await screen.findByRole("button", { name: "Create tag “Fair 2026”" }));
    expect(await screen.findByRole("checkbox", { name: /Fair 2026/, checked: true })).toBeTruthy();
    const created = requests.find((request) => request.url.endsWith("/api/newsletter-tags/tags"));
    expect(await created?.json()).toMatchObject({ name: "Fair 2026", slug: "fair-2026" });
    expect(screen.getByText("1 selected")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Import" }));
    const xhr = await uploadSent();
    expect(xhr.body?.getAll("tagIds")).toEqual([fairTag._id]);
  });

  it("offers no tag creation to staff who may not create tags", async () => {
    renderModal({ permissions: ["newsletter:update-subscriber"] });
    await screen.findByRole("checkbox", { name: /VIP/ });
    await user.type(screen.getByRole("searchbox", { name: "Search tags" }), "Fair 2026");
    expect(await screen.findByText("No tags found matching your search")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Create tag/ })).toBeNull();
  });
});
