import { adminCopy } from "@shop/shared/admin-copy";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { Audience } from "@shop/shared/schemas/campaigns";
import { useId } from "react";
import { Button } from "@/components/button";
import { failedToLoadTags, useTags } from "@/features/newsletter/api/get-tags";
import { formatCount } from "@/lib/format";
import { openModal } from "@/modals/modal-store";
import { useAudienceCount } from "../api/compose-support";
import type { AudienceType } from "./compose-form-schema";

const t = campaignUiCopy.audience;
const choices: { value: AudienceType; label: string }[] = [
  { value: "all", label: t.all },
  { value: "tags", label: t.tags },
  { value: "subscribers", label: t.subscribers },
];

type AudienceFieldsProps = {
  audienceType: AudienceType;
  tagIds: string[];
  subscriberIds: string[];
  onChange: (patch: { audienceType?: AudienceType; tagIds?: string[]; subscriberIds?: string[] }) => void;
  /** What the live count asks about; null when nothing is picked yet. */
  countable: Audience | null;
  error?: string;
  disabled?: boolean;
};

function TagChecklist({ value, onChange }: { value: string[]; onChange: (tagIds: string[]) => void }) {
  const tags = useTags();
  if (tags.isPending) return <p className="text-sm text-slate-500">{t.loadingTags}</p>;
  if (tags.isError) return <p className="text-sm text-red-700">{failedToLoadTags(tags.error)}</p>;
  if (tags.data.length === 0) return <p className="text-sm text-slate-500">{t.noTags}</p>;
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t.chooseTags}</legend>
      <ul className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {tags.data.map((tag) => (
          <li key={tag._id}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 accent-brand-700"
                checked={value.includes(tag._id)}
                onChange={() =>
                  onChange(value.includes(tag._id) ? value.filter((id) => id !== tag._id) : [...value, tag._id])
                }
              />
              <span className="flex-1 font-medium text-slate-800">{tag.name}</span>
              <span className="text-xs text-slate-500">{formatCount(tag.subscriberCount)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The live count failed: no number is shown in its place (not even 0), and it can be asked for again. */
export function CountFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm font-medium text-red-700">
      {t.countFailed}
      <Button variant="outline" size="sm" onClick={onRetry}>
        {adminCopy.table.retry}
      </Button>
    </div>
  );
}

/** All subscribed, by tags, or chosen subscribers; with the live count of who would receive it. */
export function AudienceFields({
  audienceType,
  tagIds,
  subscriberIds,
  onChange,
  countable,
  error,
  disabled = false,
}: AudienceFieldsProps) {
  const count = useAudienceCount(countable);
  const errorId = useId();
  const shown = countable === null ? 0 : count.data;

  return (
    <fieldset disabled={disabled} aria-describedby={error ? errorId : undefined} className="min-w-0 space-y-4">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{t.title}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="audienceType"
              value={choice.value}
              checked={audienceType === choice.value}
              onChange={() => onChange({ audienceType: choice.value })}
              className="size-4 accent-brand-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {audienceType === "tags" ? <TagChecklist value={tagIds} onChange={(ids) => onChange({ tagIds: ids })} /> : null}
      {audienceType === "subscribers" ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            onClick={() =>
              openModal("selectSubscribers", {
                selectedIds: subscriberIds,
                onSubmit: (ids) => onChange({ subscriberIds: ids }),
              })
            }
          >
            {t.chooseSubscribers}
          </Button>
          <span className="text-sm text-slate-600">{t.selectedSubscribers(subscriberIds.length)}</span>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div
        aria-live="polite"
        data-testid="recipient-count"
        className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900"
      >
        {countable !== null && count.isError ? (
          <CountFailed onRetry={() => void count.refetch()} />
        ) : shown === undefined ? (
          t.counting
        ) : (
          t.recipients(formatCount(shown))
        )}
      </div>
      <p className="text-xs text-slate-500">{t.onlySubscribed}</p>
    </fieldset>
  );
}
