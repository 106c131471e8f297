import type { UnknownAction } from "@reduxjs/toolkit";
import { action, preparedAction } from "./actions";

export type NotificationType = "success" | "error" | "info" | "warning";

export type Notification = {
  id: string;
  message: string;
  type: NotificationType;
};

export type Theme = "light" | "dark";

export type UiState = {
  menuOpen: boolean;
  theme: Theme;
  notifications: Notification[];
};

/** Spec section 9: at most 20 toasts at once; the oldest gives way. */
export const maxNotifications = 20;

const initialState: UiState = { menuOpen: false, theme: "light", notifications: [] };

export const setMenuOpen = action<boolean>("ui/setMenuOpen");
export const setTheme = action<Theme>("ui/setTheme");
/** Toasts live for one page visit: a counter tells them apart. */
let lastNotificationId = 0;

export const notify = preparedAction("ui/notify", (message: string, type: NotificationType = "info"): Notification => {
  lastNotificationId += 1;
  return { id: `toast-${lastNotificationId}`, message, type };
});
export const dismissNotification = action<string>("ui/dismissNotification");

function withNotification(notifications: Notification[], notification: Notification): Notification[] {
  const { message, type } = notification;
  // Ten failing requests should not stack ten identical toasts.
  if (notifications.some((n) => n.message === message && n.type === type)) return notifications;
  return [...notifications, notification].slice(-maxNotifications);
}

export function uiReducer(state: UiState = initialState, act: UnknownAction): UiState {
  if (setMenuOpen.match(act)) return { ...state, menuOpen: act.payload };
  if (setTheme.match(act)) return { ...state, theme: act.payload };
  if (notify.match(act)) {
    const notifications = withNotification(state.notifications, act.payload);
    return notifications === state.notifications ? state : { ...state, notifications };
  }
  if (dismissNotification.match(act)) {
    return { ...state, notifications: state.notifications.filter((n) => n.id !== act.payload) };
  }
  return state;
}
