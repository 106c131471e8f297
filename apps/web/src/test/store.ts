import { type AppStore, makeStore } from "@/app/store/root-reducer";

/** The store of a signed-in member of staff whose role holds exactly these permissions. */
export function staffWith(permissions: string[]): AppStore {
  return makeStore({
    user: {
      userInfo: { id: "me", name: "Cara", email: "cara@example.com", isSuperAdmin: false },
      role: { _id: "r", name: "Staff", permissions: permissions.map((name) => ({ name })) },
    },
  });
}

/** The toasts shown so far, oldest first. */
export const toastsOf = (store: AppStore) => store.getState().ui.notifications.map((n) => n.message);
