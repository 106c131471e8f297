import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
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

function renderModal() {
  const network = fakeFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/csv/import-jobs" && request.method === "POST") return ok({ jobId: serverJobId });
    return pathname.startsWith("/api/csv/import-progress/")
      ? ok({ ...result, status: "running", rowsRead: 1200, bytesRead: 50, bytesTotal: 100 })
      : ok([vipTag]);
  });
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  const onImported = vi.fn();
  const view = renderRoutes([
    { path: "/", element: <BulkImportModal onImported={onImported} onClose={() => undefined} /> },
  ]);
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
});
