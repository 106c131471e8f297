import {
  type Audience,
  type CampaignCreate,
  type CampaignDto,
  campaignCreateSchema,
} from "@shop/shared/schemas/campaigns";
import { z } from "zod";

export type AudienceType = Audience["type"];

/**
 * The composer as typed: the audience split into its choice and both id lists (switching the
 * choice back and forth keeps what was picked), checked by the shared create schema itself so
 * the form and the API can never disagree.
 */
const composeFields = z.object({
  subject: z.string(),
  preheader: z.string(),
  html: z.string(),
  audienceType: z.enum(["all", "tags", "subscribers"]),
  tagIds: z.array(z.string()),
  subscriberIds: z.array(z.string()),
});
export type ComposeFormValues = z.infer<typeof composeFields>;

export function audienceOf(values: Pick<ComposeFormValues, "audienceType" | "tagIds" | "subscriberIds">): Audience {
  if (values.audienceType === "tags") return { type: "tags", tagIds: values.tagIds };
  if (values.audienceType === "subscribers") return { type: "subscribers", subscriberIds: values.subscriberIds };
  return { type: "all" };
}

/** The audience worth counting: a tag or subscriber choice with nothing picked reaches nobody. */
export function countableAudience(values: Pick<ComposeFormValues, "audienceType" | "tagIds" | "subscriberIds">) {
  const audience = audienceOf(values);
  if (audience.type === "tags" && audience.tagIds.length === 0) return null;
  if (audience.type === "subscribers" && audience.subscriberIds.length === 0) return null;
  return audience;
}

/** Where an issue of the create schema belongs in this form. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === "audience") return second === "tagIds" || second === "subscriberIds" ? second : "audienceType";
  return typeof first === "string" ? first : "subject";
}

export const composeFormSchema = composeFields.transform((values, context): CampaignCreate => {
  const parsed = campaignCreateSchema.safeParse({
    subject: values.subject,
    preheader: values.preheader,
    html: values.html,
    audience: audienceOf(values),
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    context.addIssue({ code: "custom", message: issue.message, path: [fieldOf(issue.path)] });
  }
  return z.NEVER;
});

export function composeDefaults(campaign?: CampaignDto): ComposeFormValues {
  const audience = campaign?.audience;
  return {
    subject: campaign?.subject ?? "",
    preheader: campaign?.preheader ?? "",
    html: campaign?.html ?? "",
    audienceType: audience?.type ?? "all",
    tagIds: audience?.type === "tags" ? audience.tagIds : [],
    subscriberIds: audience?.type === "subscribers" ? audience.subscriberIds : [],
  };
}
