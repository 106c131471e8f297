import { adminCopy } from "@shop/shared/admin-copy";
import type { PermissionDto } from "@shop/shared/schemas/roles";
import { useId, useState } from "react";
import { SearchInput } from "@/components/search-input";
import { groupPermissions, type PermissionGroup, toggleGroup } from "./permission-groups";

const t = adminCopy.roleAdmin.form;

type PermissionPickerProps = {
  permissions: readonly PermissionDto[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Permissions the viewer lacks cannot be granted or taken away (the API refuses both). */
  canGrant: (name: string) => boolean;
  disabled?: boolean;
};

function ModuleGroup({
  group,
  value,
  onChange,
  canGrant,
  disabled,
}: { group: PermissionGroup } & Omit<PermissionPickerProps, "permissions">) {
  const headingId = useId();
  const names = group.permissions.map((p) => p.name);
  const selectedCount = names.filter((name) => value.includes(name)).length;
  const grantable = names.filter(canGrant);
  const allGrantableOn = grantable.length > 0 && grantable.every((name) => value.includes(name));

  return (
    <fieldset aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
        <label className="flex items-center gap-3 text-sm font-semibold text-slate-900">
          <input
            type="checkbox"
            aria-label={t.selectAllIn(group.label)}
            className="size-4 rounded border-slate-300 accent-brand-700"
            checked={allGrantableOn}
            ref={(input) => {
              if (input) input.indeterminate = selectedCount > 0 && !allGrantableOn;
            }}
            disabled={disabled || grantable.length === 0}
            onChange={() => onChange(toggleGroup(value, group.permissions, canGrant))}
          />
          <span id={headingId}>{group.label}</span>
        </label>
        <span className="text-xs text-slate-500">{t.selectedCount(selectedCount, names.length)}</span>
      </div>
      <ul className="grid gap-2 p-4 sm:grid-cols-2">
        {group.permissions.map((permission) => {
          const grantableOne = canGrant(permission.name);
          const checked = value.includes(permission.name);
          return (
            <li key={permission.name}>
              <label
                title={grantableOne ? undefined : t.notGrantable}
                className={`flex items-start gap-3 text-sm ${grantableOne ? "text-slate-700" : "text-slate-400"}`}
              >
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
                  checked={checked}
                  disabled={disabled || !grantableOne}
                  onChange={() =>
                    onChange(checked ? value.filter((name) => name !== permission.name) : [...value, permission.name])
                  }
                />
                <span>
                  {permission.label}
                  <span className="block font-mono text-xs text-slate-500">{permission.name}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** Every permission the server knows, grouped by module with a select-all each, and a search. */
export function PermissionPicker({ permissions, value, onChange, canGrant, disabled = false }: PermissionPickerProps) {
  const [search, setSearch] = useState("");
  const groups = groupPermissions(permissions, search);
  const cannotGrantSome = permissions.some((p) => !canGrant(p.name));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          value={search}
          onSearch={setSearch}
          delayMs={0}
          label={t.searchPermissions}
          className="w-full sm:w-72"
        />
        <span className="text-sm text-slate-600">{t.selectedCount(value.length, permissions.length)}</span>
      </div>
      {cannotGrantSome ? <p className="text-xs text-slate-500">{t.notGrantable}.</p> : null}
      {groups.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          {t.noPermissionsMatching(search)}
        </p>
      ) : (
        groups.map((group) => (
          <ModuleGroup
            key={group.module}
            group={group}
            value={value}
            onChange={onChange}
            canGrant={canGrant}
            disabled={disabled}
          />
        ))
      )}
    </div>
  );
}
