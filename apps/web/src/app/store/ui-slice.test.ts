import { describe, expect, it } from "vitest";
import { dismissNotification, maxNotifications, notify, setMenuOpen, uiReducer } from "./ui-slice";

const initial = uiReducer(undefined, { type: "init" });

describe("ui slice", () => {
  it("starts with the menu closed, the light theme and no notifications", () => {
    expect(initial).toEqual({ menuOpen: false, theme: "light", notifications: [] });
    expect(uiReducer(initial, setMenuOpen(true)).menuOpen).toBe(true);
  });

  it("keeps at most 20 notifications, dropping the oldest", () => {
    let state = initial;
    for (let i = 0; i < 25; i++) state = uiReducer(state, notify(`message ${i}`, "info"));
    expect(state.notifications).toHaveLength(maxNotifications);
    expect(state.notifications[0]?.message).toBe("message 5");
    expect(state.notifications.at(-1)?.message).toBe("message 24");
  });

  it("shows an identical message once while it is on screen", () => {
    let state = uiReducer(initial, notify("Session expired. Please login again.", "error"));
    state = uiReducer(state, notify("Session expired. Please login again.", "error"));
    expect(state.notifications).toHaveLength(1);
  });

  it("dismisses a notification by id", () => {
    const state = uiReducer(initial, notify("Saved", "success"));
    const id = state.notifications[0]?.id ?? "";
    expect(uiReducer(state, dismissNotification(id)).notifications).toEqual([]);
  });
});
