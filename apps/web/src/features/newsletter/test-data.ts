import type { SubscriberDto, TagDto } from "@shop/shared/schemas/newsletter";

/** Tags and subscribers as the API lists them, for this feature's tests. */
export const vipTag: TagDto = {
  _id: "0190a5b2-0000-7000-8000-0000000000a1",
  name: "VIP",
  slug: "vip",
  description: "Best customers",
  subscriberCount: 3,
  createdAt: "2025-03-05T10:00:00.000Z",
  updatedAt: "2025-03-05T10:00:00.000Z",
};

export const locksTag: TagDto = {
  ...vipTag,
  _id: "0190a5b2-0000-7000-8000-0000000000a2",
  name: "Smart Locks",
  slug: "smart-locks",
  description: "",
  subscriberCount: 0,
};

export function subscriberOf(index: number, overrides: Partial<SubscriberDto> = {}): SubscriberDto {
  return {
    _id: `0190a5b2-0000-7000-8000-${String(index).padStart(12, "0")}`,
    email: `person${index}@example.com`,
    name: null,
    status: "subscribed",
    source: "footer",
    tags: [],
    consentIp: "203.0.113.9",
    consentSource: null,
    consentAt: "2025-03-05T10:00:00.000Z",
    subscribedAt: "2025-03-05T10:00:00.000Z",
    unsubscribedAt: null,
    createdAt: "2025-03-05T10:00:00.000Z",
    updatedAt: "2025-03-05T10:00:00.000Z",
    ...overrides,
  };
}

export const ok = (data: unknown, message = "ok") => ({ body: { success: true, message, data } });
