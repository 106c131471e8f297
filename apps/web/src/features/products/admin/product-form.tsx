import { zodResolver } from "@hookform/resolvers/zod";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import {
  type CategoryDto,
  compatibilityLabels,
  compatibilityValues,
  type ProductDto,
} from "@shop/shared/schemas/products";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { CheckboxField, SelectField, TextareaField, TextField } from "@/components/form-field";
import { ImageUploader } from "@/components/image-uploader";
import { UnsavedChangesDialog } from "@/components/unsaved-changes-dialog";
import { useSubcategories } from "@/features/categories/api/get-subcategories";
import { paths } from "@/lib/paths";
import { useSaveAndReturn } from "@/lib/use-save-and-return";
import {
  type ProductFormInput,
  type ProductFormValues,
  productFormDefaults,
  productFormSchema,
} from "./product-form-schema";
import { FeaturesField, SpecificationsField } from "./product-list-fields";

const t = backofficeCopy.productForm;
const sectionClass = "space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

type ProductFormProps = {
  product?: ProductDto;
  categories: readonly CategoryDto[];
  submitLabel: string;
  /** Shown when a save fails without a message of its own ("Failed to create product"). */
  failureMessage: string;
  /** Saves; false when there was nothing to save (the form stays). A thrown ApiError lands under its field. */
  onSave: (values: ProductFormValues) => Promise<boolean>;
};

/** The product's every field, shared by the create and edit pages; back to the list once saved. */
export function ProductForm({ product, categories, submitLabel, failureMessage, onSave }: ProductFormProps) {
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormDefaults(product),
  });
  const { failure, blocker, saveAndReturn } = useSaveAndReturn({
    isDirty,
    setError,
    fields: ["name", "price", "description", "category", "subcategory", "images"],
    failureMessage,
    returnTo: paths.admin.products,
  });
  const category = watch("category");
  const subcategories = useSubcategories(category || undefined, { enabled: category !== "" });

  const onSubmit = handleSubmit((values) => saveAndReturn(() => onSave(values)));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert message={failure} />
      <section aria-labelledby="product-details" className={sectionClass}>
        <h2 id="product-details" className="text-base font-semibold text-slate-900">
          {t.details}
        </h2>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField label={t.name} autoComplete="off" error={errors.name?.message} {...register("name")} />
          <TextField
            label={t.price}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            error={errors.price?.message}
            {...register("price")}
          />
        </div>
        <TextareaField
          label={t.description}
          rows={5}
          error={errors.description?.message}
          {...register("description")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t.category}
            error={errors.category?.message}
            {...register("category", { onChange: () => setValue("subcategory", "", { shouldDirty: true }) })}
          >
            <option value="">{t.selectCategory}</option>
            {categories.map((option) => (
              <option key={option._id} value={option._id}>
                {option.name}
              </option>
            ))}
          </SelectField>
          <Controller
            control={control}
            name="subcategory"
            render={({ field }) => (
              <SelectField
                {...field}
                label={t.subcategory}
                error={errors.subcategory?.message}
                disabled={category === "" || subcategories.isPending}
              >
                <option value="">{subcategories.isFetching ? t.loadingSubcategories : t.noSubcategory}</option>
                {(subcategories.data ?? []).map((option) => (
                  <option key={option._id} value={option._id}>
                    {option.name}
                  </option>
                ))}
              </SelectField>
            )}
          />
        </div>
      </section>

      <section aria-label={t.images} className={sectionClass}>
        <Controller
          control={control}
          name="images"
          render={({ field, fieldState }) => (
            <ImageUploader
              label={t.images}
              hint={t.imagesHint}
              folder="products"
              showMain
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
              onUploadingChange={setUploading}
            />
          )}
        />
      </section>

      <section aria-label={t.features} className={sectionClass}>
        <FeaturesField control={control} register={register} errors={errors} />
      </section>
      <section aria-label={t.specifications} className={sectionClass}>
        <SpecificationsField control={control} register={register} errors={errors} />
      </section>

      <section aria-label={t.availability} className={`${sectionClass} grid gap-6 sm:grid-cols-2 sm:space-y-0`}>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t.compatibility}</legend>
          <div className="space-y-2">
            {compatibilityValues.map((value) => (
              <CheckboxField
                key={value}
                label={compatibilityLabels[value]}
                value={value}
                {...register("compatibility")}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium text-slate-700">{t.availability}</legend>
          <CheckboxField label={t.isNew} hint={t.isNewHint} {...register("isNew")} />
          <CheckboxField label={t.inStock} hint={t.inStockHint} {...register("inStock")} />
        </fieldset>
      </section>

      <div className="flex justify-end gap-3">
        <Link to={paths.admin.products} className={buttonClasses("outline")}>
          {t.cancel}
        </Link>
        <Button type="submit" isLoading={isSubmitting} disabled={uploading}>
          {submitLabel}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
