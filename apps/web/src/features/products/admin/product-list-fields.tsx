import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { Button } from "@/components/button";
import { inputClasses } from "@/components/form-field";
import { ChevronDownIcon, CloseIcon, PlusIcon } from "@/components/icons";
import type { ProductFormInput } from "./product-form-schema";

const t = backofficeCopy.productForm;

type ListFieldProps = {
  control: Control<ProductFormInput>;
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
};

const rowButton =
  "rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-brand-600";

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-xs text-red-600">
      {message}
    </p>
  ) : null;
}

/** Features: one line each, added, removed and moved up or down. */
export function FeaturesField({ control, register, errors }: ListFieldProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: "features" });
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">{t.features}</legend>
      {fields.length === 0 ? <p className="mb-2 text-sm text-slate-500">{t.noFeatures}</p> : null}
      <ol className="space-y-2">
        {fields.map((field, index) => {
          const position = index + 1;
          const error = errors.features?.[index]?.value?.message;
          const errorId = `feature-${field.id}-error`;
          return (
            <li key={field.id}>
              <div className="flex items-center gap-1">
                <input
                  aria-label={t.feature(position)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className={inputClasses}
                  {...register(`features.${index}.value`)}
                />
                <button
                  type="button"
                  className={rowButton}
                  aria-label={t.moveFeatureUp(position)}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ChevronDownIcon className="size-4 rotate-180" />
                </button>
                <button
                  type="button"
                  className={rowButton}
                  aria-label={t.moveFeatureDown(position)}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ChevronDownIcon className="size-4" />
                </button>
                <button
                  type="button"
                  className={rowButton}
                  aria-label={t.removeFeature(position)}
                  onClick={() => remove(index)}
                >
                  <CloseIcon className="size-4" />
                </button>
              </div>
              <FieldError id={errorId} message={error} />
            </li>
          );
        })}
      </ol>
      <Button variant="outline" size="sm" className="mt-3" onClick={() => append({ value: "" })}>
        <PlusIcon className="size-4" />
        {t.addFeature}
      </Button>
    </fieldset>
  );
}

/** Specifications: label → text rows; a label may appear once. */
export function SpecificationsField({ control, register, errors }: ListFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: "specifications" });
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">{t.specifications}</legend>
      {fields.length === 0 ? <p className="mb-2 text-sm text-slate-500">{t.noSpecifications}</p> : null}
      {fields.length > 0 ? (
        <div
          className="mb-1 hidden grid-cols-[1fr_2fr_auto] gap-2 text-xs font-medium text-slate-500 sm:grid"
          aria-hidden="true"
        >
          <span>{t.specLabel}</span>
          <span>{t.specValue}</span>
          <span className="w-7" />
        </div>
      ) : null}
      <ul className="space-y-2">
        {fields.map((field, index) => {
          const position = index + 1;
          const labelError = errors.specifications?.[index]?.label?.message;
          const valueError = errors.specifications?.[index]?.value?.message;
          const errorId = `spec-${field.id}-error`;
          return (
            <li key={field.id}>
              <div className="grid grid-cols-[1fr_2fr_auto] items-center gap-2">
                <input
                  aria-label={t.specLabelAt(position)}
                  aria-invalid={labelError ? true : undefined}
                  aria-describedby={labelError ? errorId : undefined}
                  className={inputClasses}
                  {...register(`specifications.${index}.label`)}
                />
                <input
                  aria-label={t.specValueAt(position)}
                  aria-invalid={valueError ? true : undefined}
                  className={inputClasses}
                  {...register(`specifications.${index}.value`)}
                />
                <button
                  type="button"
                  className={rowButton}
                  aria-label={t.removeSpecification(position)}
                  onClick={() => remove(index)}
                >
                  <CloseIcon className="size-4" />
                </button>
              </div>
              <FieldError id={errorId} message={labelError ?? valueError} />
            </li>
          );
        })}
      </ul>
      <Button variant="outline" size="sm" className="mt-3" onClick={() => append({ label: "", value: "" })}>
        <PlusIcon className="size-4" />
        {t.addSpecification}
      </Button>
    </fieldset>
  );
}
