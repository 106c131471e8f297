import type { RootState } from "./root-reducer";

/**
 * What survives a reload (spec: auth and cart only, under keys prefixed `persist:`): of auth only the
 * token, so a half-finished sign-in or a stale error does not come back; the user and role are fetched
 * again by the session check. Stored as redux-persist stored it (each field JSON inside a JSON object),
 * so a cart and sign-in saved before this module replaced it are still restored.
 */
const persistedFields = {
  auth: ["token"],
  cart: ["items", "total"],
} as const satisfies { [Key in keyof RootState]?: readonly (keyof RootState[Key])[] };

type PersistedKey = keyof typeof persistedFields;
const persistedKeys = Object.keys(persistedFields) as PersistedKey[];
/** redux-persist's own bookkeeping field, written so that it would still read what we write. */
const marker = JSON.stringify({ version: -1, rehydrated: true });

/** localStorage may be missing (the server) or refuse access (storage disabled): then nothing persists. */
export type PersistStorage = Pick<Storage, "getItem" | "setItem">;

function read(storage: PersistStorage, key: PersistedKey): Record<string, unknown> {
  try {
    const raw = storage.getItem(`persist:${key}`);
    if (!raw) return {};
    const stored = JSON.parse(raw) as Record<string, string>;
    const fields: Record<string, unknown> = {};
    for (const field of persistedFields[key]) {
      if (typeof stored[field] === "string") fields[field] = JSON.parse(stored[field]);
    }
    return fields;
  } catch {
    // A corrupt entry is the same as none: start empty rather than not start.
    return {};
  }
}

/**
 * `state` with what storage holds laid over it. Synchronous (localStorage is), so it is the store's
 * first state: nothing a visitor does can happen before it and be overwritten by it.
 */
export function restoredState(state: RootState, storage: PersistStorage | undefined): RootState {
  if (!storage) return state;
  const restored = { ...state };
  for (const key of persistedKeys) Object.assign(restored, { [key]: { ...state[key], ...read(storage, key) } });
  return restored;
}

function write(storage: PersistStorage, key: PersistedKey, slice: RootState[PersistedKey]): void {
  const stored: Record<string, string> = { _persist: marker };
  for (const field of persistedFields[key]) stored[field] = JSON.stringify(slice[field as keyof typeof slice]);
  try {
    storage.setItem(`persist:${key}`, JSON.stringify(stored));
  } catch {
    // Storage full or refused: the state lives on in memory for this visit.
  }
}

/** Writes the persisted slices to storage whenever they change. */
export function persistChanges(
  store: { getState: () => RootState; subscribe: (listener: () => void) => unknown },
  storage: PersistStorage | undefined,
): void {
  if (!storage) return;
  let last = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    for (const key of persistedKeys) if (state[key] !== last[key]) write(storage, key, state[key]);
    last = state;
  });
}
