import { copy } from "@shop/shared/copy";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { staffWith } from "@/test/store";
import { TwoFactorSection } from "./two-factor-section";

const ui = twoFactorCopy.ui;
const password = "right-password";
const status = { totp: true, recoveryCodesLeft: 3, passkeys: [], required: false };
const codes = Array.from({ length: 10 }, (_, i) => `code${i}abcde`);

/** What the body of a request carried: nothing at all, or its JSON. */
async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

const ok = (data: unknown) => ({ body: { success: true, message: "ok", data } });

/**
 * The API of a session signed in long ago (apps/api auth/recent-sign-in.ts): every factor change asks for the
 * password (403), refuses a wrong one (400) and, when told, too many tries (429).
 */
function longAgoSession({ throttled = false } = {}) {
  return fakeFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (request.method === "GET") return ok(status);
    const body = (await bodyOf(request)) as { currentPassword?: string } | undefined;
    if (body?.currentPassword === undefined) {
      const message = twoFactorCopy.api.confirmPassword;
      return { status: 403, body: { success: false, message, errors: { currentPassword: message } } };
    }
    if (throttled) return { status: 429, body: { success: false, message: copy.users.tooManyPasswordAttempts } };
    if (body.currentPassword !== password) {
      const message = copy.users.wrongCurrentPassword;
      return { status: 400, body: { success: false, message, errors: { currentPassword: message } } };
    }
    if (path.endsWith("/recovery-codes")) return ok({ recoveryCodes: codes });
    if (path.endsWith("/passkeys/options")) return ok({ challenge: "Y2hhbGxlbmdl", user: { id: "dTE", name: "cara" } });
    return ok(null);
  });
}

function renderSection() {
  return renderRoutes([{ path: "/admin/profile", element: <TwoFactorSection /> }], {
    store: staffWith([]),
    initialEntries: ["/admin/profile"],
  });
}

const changes = (requests: Request[]) => requests.filter((request) => request.method !== "GET");

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "credentials");
});

describe("two-factor changes in a session signed in long ago", () => {
  it("asks for the password and makes the same change again with it", async () => {
    const { requests } = longAgoSession();
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: ui.regenerate }));

    const dialog = await screen.findByRole("dialog", { name: ui.confirmPasswordTitle });
    const field = within(dialog).getByLabelText(ui.currentPassword);
    expect(field.getAttribute("autocomplete")).toBe("current-password");
    await userEvent.type(field, password);
    await userEvent.click(within(dialog).getByRole("button", { name: ui.confirm }));

    expect(await screen.findByRole("list", { name: ui.recoveryHeading })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const [first, second] = changes(requests);
    expect(second?.url).toBe(first?.url);
    expect(await bodyOf(second as Request)).toEqual({ currentPassword: password });
  });

  it("shows a wrong password and too many tries under the field, and keeps asking", async () => {
    longAgoSession();
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: ui.regenerate }));
    const dialog = await screen.findByRole("dialog", { name: ui.confirmPasswordTitle });
    await userEvent.type(within(dialog).getByLabelText(ui.currentPassword), "not-it");
    await userEvent.click(within(dialog).getByRole("button", { name: ui.confirm }));
    expect(await within(dialog).findByText(copy.users.wrongCurrentPassword)).toBeTruthy();
    expect(within(dialog).getByLabelText(ui.currentPassword).getAttribute("aria-invalid")).toBe("true");

    longAgoSession({ throttled: true });
    await userEvent.click(within(dialog).getByRole("button", { name: ui.confirm }));
    expect(await within(dialog).findByText(copy.users.tooManyPasswordAttempts)).toBeTruthy();
    expect(screen.queryByRole("list", { name: ui.recoveryHeading })).toBeNull();
  });

  it("changes nothing when the password is not given", async () => {
    const { requests } = longAgoSession();
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: ui.removeTotp }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: ui.removeTotp }));
    const dialog = await screen.findByRole("dialog", { name: ui.confirmPasswordTitle });
    await userEvent.click(within(dialog).getByRole("button", { name: ui.cancel }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(changes(requests)).toHaveLength(1);
    expect(screen.getByRole("heading", { name: `${ui.totpHeading}: ${ui.totpOn}` })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks for the password before the browser's passkey prompt", async () => {
    const { requests } = longAgoSession();
    const create = vi.fn(async () => {
      throw new DOMException("The user cancelled", "NotAllowedError");
    });
    vi.stubGlobal("PublicKeyCredential", () => undefined);
    Object.defineProperty(navigator, "credentials", { value: { create }, configurable: true });
    renderSection();
    await userEvent.type(await screen.findByLabelText(ui.passkeyName), "Laptop");
    await userEvent.click(screen.getByRole("button", { name: ui.addPasskey }));

    const dialog = await screen.findByRole("dialog", { name: ui.confirmPasswordTitle });
    expect(create).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText(ui.currentPassword), password);
    await userEvent.click(within(dialog).getByRole("button", { name: ui.confirm }));

    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    expect(await bodyOf(changes(requests)[1] as Request)).toEqual({ currentPassword: password });
    expect(await screen.findByText(ui.passkeyCancelled)).toBeTruthy();
  });

  it("says its settings could not load, and asks again on Try again", async () => {
    let reachable = false;
    fakeFetch(() => {
      if (!reachable) throw new TypeError("Failed to fetch");
      return ok(status);
    });
    renderSection();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ui.loadFailed);
    reachable = true;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(ui.recoveryLeft(status.recoveryCodesLeft))).toBeTruthy();
  });
});
