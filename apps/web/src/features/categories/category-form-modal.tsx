import { zodResolver } from "@hookform/resolvers/zod";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { type CategoryDto, categoryCreateSchema } from "@shop/shared/schemas/products";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextareaField, TextField } from "@/components/form-field";
import { ImageUploader } from "@/components/image-uploader";
import { Modal } from "@/components/modal";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import { type CategoryInput, useCreateCategory, useUpdateCategory } from "./api/save-category";

const t = backofficeCopy.categories;
const fields = categoryCreateSchema.shape;

/** The shared category rules; an empty slug means "make it from the name", an empty image list none. */
const categoryFormSchema = z.object({
  name: fields.name,
  slug: z.union([z.literal(""), fields.slug.unwrap()]),
  description: fields.description,
  image: z.array(z.string()).max(1),
});
type CategoryFormInput = z.input<typeof categoryFormSchema>;
type CategoryFormValues = z.output<typeof categoryFormSchema>;

function inputOf(values: CategoryFormValues): CategoryInput {
  return {
    name: values.name,
    ...(values.slug !== "" && { slug: values.slug }),
    description: values.description,
    image: values.image[0] ?? null,
  };
}

/** Only the fields that differ from the category as loaded. */
function changesOf(category: CategoryDto, input: CategoryInput): Partial<CategoryInput> {
  return {
    ...(input.name !== category.name && { name: input.name }),
    ...(input.slug !== undefined && input.slug !== category.slug && { slug: input.slug }),
    ...(input.description !== category.description && { description: input.description }),
    ...(input.image !== category.image && { image: input.image }),
  };
}

type CategoryFormModalProps = { category?: CategoryDto; onClose: () => void };

/** Add or edit a category: name, slug, description, image. */
export function CategoryFormModal({ category, onClose }: CategoryFormModalProps) {
  const formId = useId();
  const toast = useToast();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFormInput, unknown, CategoryFormValues>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: {
      name: category?.name ?? "",
      slug: category?.slug ?? "",
      description: category?.description ?? "",
      image: category?.image ? [category.image] : [],
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const input = inputOf(values);
    try {
      if (category) {
        const changes = changesOf(category, input);
        if (Object.keys(changes).length > 0) await updateCategory.mutateAsync({ id: category._id, changes });
        toast.success(t.updated);
      } else {
        await createCategory.mutateAsync(input);
        toast.success(t.created);
      }
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["name", "slug", "description"])) {
        setFailure(messageOf(error, t.failedSave));
      }
    }
  });

  return (
    <Modal
      title={category ? t.editTitle : t.createTitle}
      onClose={onClose}
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
            {backofficeCopy.productForm.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting} disabled={uploading}>
            {category ? t.save : t.create}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={failure} />
        <TextField label={t.name} autoComplete="off" error={errors.name?.message} {...register("name")} />
        <TextField
          label={t.slug}
          hint={t.slugHint}
          autoComplete="off"
          error={errors.slug?.message}
          {...register("slug")}
        />
        <TextareaField label={t.description} error={errors.description?.message} {...register("description")} />
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <ImageUploader
              label={t.image}
              folder="categories"
              max={1}
              value={field.value}
              onChange={field.onChange}
              onUploadingChange={setUploading}
            />
          )}
        />
      </form>
    </Modal>
  );
}
