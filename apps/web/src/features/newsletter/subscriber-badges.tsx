import { audienceCopy } from "@shop/shared/audience-copy";
import type { SubscriberStatus, TagRef } from "@shop/shared/schemas/newsletter";
import { type BadgeTone, StatusBadge } from "@/components/status-badge";

const tones: Record<SubscriberStatus, BadgeTone> = {
  subscribed: "success",
  pending: "warning",
  unsubscribed: "neutral",
  bounced: "danger",
};

export function SubscriberStatusBadge({ status }: { status: SubscriberStatus }) {
  return <StatusBadge tone={tones[status]}>{audienceCopy.statuses[status]}</StatusBadge>;
}

/** A subscriber's tags as chips, or a quiet dash when there are none. */
export function TagChips({ tags, emptyLabel }: { tags: readonly TagRef[]; emptyLabel?: string }) {
  if (tags.length === 0) return <span className="text-sm text-slate-400">{emptyLabel ?? "—"}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li
          key={tag._id}
          title={tag.slug}
          className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-brand-800 ring-1 ring-brand-600/20 ring-inset"
        >
          {tag.name}
        </li>
      ))}
    </ul>
  );
}

export function sourceLabel(source: string): string {
  return audienceCopy.sources[source] ?? source;
}
