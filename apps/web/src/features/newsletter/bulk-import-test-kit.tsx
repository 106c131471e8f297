import type { ImportPreview, ImportProgress, TagDto } from "@shop/shared/schemas/newsletter";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { BulkImportModal } from "./bulk-import-modal";
import { ok, vipTag } from "./test-data";

/* The bulk import modal's tests: an XMLHttpRequest stand-in (the upload), the server's answers, the modal rendered. */

/** Stands in for XMLHttpRequest (the upload), recording what was sent and answering when told. */
export class FakeXhr {
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
  /** No answer: the connection dropped (a proxy giving up, the network gone). */
  fail() {
    this.events.dispatchEvent(new Event("error"));
  }
}

type Reply = { status?: number; body?: unknown };

/** The id the server made for the job: the modal uploads to it and polls it, and never makes one up. */
export const serverJobId = "01890a5d-ac96-7000-8000-00000000a11b";
export const result = { jobId: serverJobId, importedCount: 5, updatedCount: 1, skippedCount: 2, errors: [] };

/** What the server read in a file's head: a plain English export unless a test says otherwise. */
export const englishPreview: ImportPreview = {
  encoding: "UTF-8",
  delimiter: ",",
  headers: ["email", "name"],
  rows: [["a@example.com", "A"]],
  mapping: { email: 0, firstName: null, lastName: null, name: 1 },
  partial: false,
};
export const germanPreview: ImportPreview = {
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
export const fairTag = { ...vipTag, _id: "0190a5b2-0000-7000-8000-0000000fa1e0", name: "Fair 2026", slug: "fair-2026" };

type ModalOptions = {
  /** The preview's answer, or a function giving each one (it may throw: no answer). */
  preview?: Reply | (() => Reply);
  /** The signed-in user's permissions; a super admin when absent. */
  permissions?: string[];
  /** Where the job stands when its progress is asked for; running when absent. */
  jobStatus?: () => ImportProgress["status"];
};

export function renderModal({
  preview = ok(englishPreview),
  permissions,
  jobStatus = () => "running",
}: ModalOptions = {}) {
  const tags: TagDto[] = [vipTag];
  const network = fakeFetch(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/csv/import-jobs" && request.method === "POST") return ok({ jobId: serverJobId });
    if (pathname === "/api/csv/import-preview" && request.method === "POST") {
      return typeof preview === "function" ? preview() : preview;
    }
    if (pathname === "/api/newsletter-tags/tags" && request.method === "POST") {
      const body = (await request.json()) as { name: string };
      if (body.name !== fairTag.name) return { status: 409, body: { success: false, message: "taken" } };
      tags.push(fairTag);
      return { status: 201, body: { success: true, message: "Tag created successfully", data: fairTag } };
    }
    return pathname.startsWith("/api/csv/import-progress/")
      ? ok({ ...result, status: jobStatus(), rowsRead: 1200, bytesRead: 50, bytesTotal: 100 })
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
export function uploadSent(): Promise<FakeXhr> {
  return vi.waitFor(() => {
    const sent = FakeXhr.sent[0];
    if (!sent) throw new Error("nothing was uploaded");
    return sent;
  });
}

export const user = userEvent.setup({ applyAccept: false });
export const csvFile = () => new File(["email,name\na@example.com,A\n"], "people.csv", { type: "text/csv" });
