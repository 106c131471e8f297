import { createSlice, nanoid, type PayloadAction } from "@reduxjs/toolkit";

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

const uiSlice = createSlice({
  name: "ui",
  initialState,
  reducers: {
    setMenuOpen(state, action: PayloadAction<boolean>) {
      state.menuOpen = action.payload;
    },
    setTheme(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    notify: {
      reducer(state, action: PayloadAction<Notification>) {
        const { message, type } = action.payload;
        // Ten failing requests should not stack ten identical toasts.
        if (state.notifications.some((n) => n.message === message && n.type === type)) return;
        state.notifications.push(action.payload);
        if (state.notifications.length > maxNotifications) {
          state.notifications.splice(0, state.notifications.length - maxNotifications);
        }
      },
      prepare(message: string, type: NotificationType = "info") {
        return { payload: { id: nanoid(), message, type } };
      },
    },
    dismissNotification(state, action: PayloadAction<string>) {
      state.notifications = state.notifications.filter((n) => n.id !== action.payload);
    },
  },
});

export const { setMenuOpen, setTheme, notify, dismissNotification } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
