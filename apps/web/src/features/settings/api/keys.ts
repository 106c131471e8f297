/** The public subset (footer) and the staff's full settings share a root, so a save refreshes both. */
export const settingsKeys = {
  all: ["settings"] as const,
  public: () => [...settingsKeys.all, "public"] as const,
  admin: () => [...settingsKeys.all, "admin"] as const,
};
