import type { ImportPreview, TagDto } from "@shop/shared/schemas/newsletter";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { BulkImportModal } from "./bulk-import-modal";
import { ok, vipTag } from "./test-data";

/** Stands in for XMLHttpRequest (the upload), recording what was sent and answering when told. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  url = "";
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = "";

  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {}
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent("progress", { lengthComputable: true, loaded, total }));
  }
  uploaded() {
    this.upload.dispatchEvent(new ProgressEvent("load"));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
}

/** The id the server made for the job: the modal uploads to it and polls it, and never makes one up. */
const serverJobId = "01890a5d-ac96-7000-8000-00000000a11b";
const result = { jobId: serverJobId, importedCount: 5, updatedCount: 1, skippedCount: 2, errors: [] };

/** What the server read in a file's head: a plain English export unless a test says otherwise. */
const englishPreview: ImportPreview = {
  encoding: "UTF-8",
  delimiter: ",",
  headers: ["email", "name"],
  rows: [["a@example.com", "A"]],
  mapping: { email: 0, firstName: null, lastName: null, name: 1 },
  partial: false,
};
const germanPreview: ImportPreview = {
  encoding: "Windows-1252",
  delimiter: ";",
  headers: ["E-Mail", "Vorname", "Nachname"],
  rows: [
    ["de@example.com", "José", "Muñoz"],
    ["de2@example.com", "Jürgen", "Groß"],
  ],
  mapping: { email: 0, firstName: 1, lastName: 2, name: null },
  partial: true,
};
const fairTag = { ...vipTag, _id: "0190a5b2-0000-7000-8000-0000000fa1e0", name: "Fair 2026", slug: "fair-2026" };

type ModalOptions = {
  preview?: { status?: number; body?: unknown };
  /** The signed-in user's permissions; a super admin when absent. */
  permissions?: string[];
};

function renderModal({ preview = ok(englishPreview), permissions }: ModalOptions = {}) {
  const tags: TagDto[] = [vipTag];
  const network = fakeFetch(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/csv/import-jobs" && request.method === "POST") return ok({ jobId: serverJobId });
    if (pathname === "/api/csv/import-preview" && request.method === "POST") return preview;
    if (pathname === "/api/newsletter-tags/tags" && request.method === "POST") {
      const body = (await request.json()) as { name: string };
      if (body.name !== fairTag.name) return { status: 409, body: { success: false, message: "taken" } };
      tags.push(fairTag);
      return { status: 201, body: { success: true, message: "Tag created successfully", data: fairTag } };
    }
    return pathname.startsWith("/api/csv/import-progress/")
      ? ok({ ...result, status: "running", rowsRead: 1200, bytesRead: 50, bytesTotal: 100 })
      : ok([...tags]);
  });
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  const onImported = vi.fn();
  const store = makeStore({
    user: permissions
      ? {
          userInfo: { id: "me", name: "Sam Staff", email: "sam@example.com", isSuperAdmin: false },
          role: {
            _id: "r1",
            name: "Importer",
            permissions: permissions.map((name, index) => ({ _id: `p${index}`, name })),
          },
        }
      : { userInfo: { id: "me", name: "Mia Manager", email: "mia@example.com", isSuperAdmin: true }, role: null },
  });
  const view = renderRoutes(
    [{ path: "/", element: <BulkImportModal onImported={onImported} onClose={() => undefined} /> }],
    { store },
  );
  const toasts = () => view.store.getState().ui.notifications.map((n) => n.message);
  return { ...network, onImported, toasts };
}

/** The upload starts once the server has made the job: wait for it. */
function uploadSent(): Promise<FakeXhr> {
  return vi.waitFor(() => {
    const sent = FakeXhr.sent[0];
    if (!sent) throw new Error("nothing was uploaded");
    return sent;
  });
}

const user = userEvent.setup({ applyAccept: false });
const csvFile = () => new File(["email,name\na@example.com,A\n"], "people.csv", { type: "text/csv" });

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
