import { z } from "zod";
import { copy } from "../copy.ts";

export const subscriberStatuses = ["subscribed", "pending", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** Footer sign-up: the server checks the format the footer does not (spec section 5). */
export const subscribeSchema = z.strictObject({
  email: z
    .string({ message: copy.validation.newsletterEmail })
    .trim()
    .toLowerCase()
    .max(254, copy.validation.newsletterEmail)
    .pipe(z.email({ message: copy.validation.newsletterEmail })),
});
