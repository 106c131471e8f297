/** The public subset (footer) and the staff's full settings share a root, so a save refreshes both. */
export const settingsKeys = {
  all: ["settings"] as const,
  public: () => [...settingsKeys.all, "public"] as const,
  admin: () => [...settingsKeys.all, "admin"] as const,
  /** Account mail that did not go out: the list and its count share this root, so a retry refreshes both. */
  mailDelivery: () => [...settingsKeys.all, "mail-delivery"] as const,
  mailDeliveryList: (filters: object) => [...settingsKeys.mailDelivery(), "list", filters] as const,
  mailDeliverySummary: () => [...settingsKeys.mailDelivery(), "summary"] as const,
};
