import { adminCopy } from "@shop/shared/admin-copy";
import { audienceCopy } from "@shop/shared/audience-copy";
import type { TagDto } from "@shop/shared/schemas/newsletter";
import { useId, useState } from "react";
import { Button } from "@/components/button";
import { inputClasses } from "@/components/form-field";
import { CloseIcon } from "@/components/icons";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { useCreateTag } from "./api/create-tag";
import { failedToLoadTags, useTags } from "./api/get-tags";

const t = audienceCopy.picker;

/** Tags whose name or slug contains what was typed. */
export function matchingTags(tags: readonly TagDto[], search: string): TagDto[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...tags];
  const slugTerm = term.replace(/\s+/g, "-");
  return tags.filter((tag) => tag.name.toLowerCase().includes(term) || tag.slug.includes(slugTerm));
}

type TagPickerProps = {
  label: string;
  value: readonly string[];
  onChange: (tagIds: string[]) => void;
  /** Why the choice cannot go ahead ("Please select at least one tag"). */
  error?: string | null;
  disabled?: boolean;
  /** Offer to create the tag searched for when none has that name (for those who may create tags). */
  allowCreate?: boolean;
};

/** A searchable multi-select of every tag (spec: searchable by name and slug), the chosen ones as chips above. */
export function TagPicker({ label, value, onChange, error, disabled = false, allowCreate = false }: TagPickerProps) {
  const tags = useTags();
  const can = useCan();
  const createTag = useCreateTag();
  const [search, setSearch] = useState("");
  const [createError, setCreateError] = useState<string | null>(null);
  const searchId = useId();
  const errorId = useId();
  const all = tags.data ?? [];
  const shown = matchingTags(all, search);
  const chosen = all.filter((tag) => value.includes(tag._id));
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((other) => other !== id) : [...value, id]);
  const newName = search.trim();
  const canCreate =
    allowCreate &&
    can("newsletter:create-update-tag") &&
    tags.isSuccess &&
    newName !== "" &&
    !all.some((tag) => tag.name.toLowerCase() === newName.toLowerCase());

  // The server checks the name and the permission again; a taken name comes back as its message.
  const create = async () => {
    setCreateError(null);
    try {
      const tag = await createTag.mutateAsync({ name: newName, description: "" });
      onChange([...value, tag._id]);
      setSearch("");
    } catch (failure) {
      setCreateError(messageOf(failure, audienceCopy.tags.form.failedCreateDefault));
    }
  };

  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled} className="min-w-0">
      <legend className="mb-1.5 flex w-full items-center justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        <span className="text-xs font-normal text-slate-500">{t.selected(value.length)}</span>
      </legend>
      {chosen.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-1.5">
          {chosen.map((tag) => (
            <li key={tag._id}>
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-800">
                {tag.name}
                <button
                  type="button"
                  onClick={() => toggle(tag._id)}
                  aria-label={t.remove(tag.name)}
                  className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <CloseIcon className="size-3" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={searchId} className="sr-only">
        {t.search}
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        placeholder={t.search}
        onChange={(event) => {
          setSearch(event.target.value);
          setCreateError(null);
        }}
        className={inputClasses}
      />
      {canCreate ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => void create()}
          isLoading={createTag.isPending}
        >
          {createTag.isPending ? t.creating : t.create(newName)}
        </Button>
      ) : null}
      {createError ? (
        <p role="alert" className="mt-1.5 text-sm text-red-600">
          {createError}
        </p>
      ) : null}
      <div className="mt-2 max-h-56 overflow-y-auto rounded-lg border border-slate-200">
        {tags.isPending ? (
          <p role="status" className="px-3 py-4 text-center text-sm text-slate-500">
            {audienceCopy.tags.loading}
          </p>
        ) : tags.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 px-3 py-3 text-sm text-red-700">
            {failedToLoadTags(tags.error)}
            <Button variant="outline" size="sm" onClick={() => void tags.refetch()}>
              {adminCopy.table.retry}
            </Button>
          </div>
        ) : all.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-slate-500">{t.noTags}</p>
        ) : shown.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-slate-500">{t.noMatch}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {shown.map((tag) => (
              <li key={tag._id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300 accent-brand-700"
                    checked={value.includes(tag._id)}
                    onChange={() => toggle(tag._id)}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-800">{tag.name}</span>
                    <span className="block truncate font-mono text-xs text-slate-500">{tag.slug}</span>
                  </span>
                  <span className="text-xs text-slate-500">{tag.subscriberCount}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
