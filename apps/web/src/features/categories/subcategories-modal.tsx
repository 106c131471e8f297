import { zodResolver } from "@hookform/resolvers/zod";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { type CategoryDto, type SubcategoryDto, subcategoryCreateSchema } from "@shop/shared/schemas/products";
import { uiCopy } from "@shop/shared/ui-copy";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { Spinner } from "@/components/spinner";
import { useDeleteDialog } from "@/components/use-delete-dialog";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import { useDeleteSubcategory } from "./api/delete-category";
import { useSubcategories } from "./api/get-subcategories";
import { useCreateSubcategory, useUpdateSubcategory } from "./api/save-subcategory";

const t = backofficeCopy.categories;
const fields = subcategoryCreateSchema.shape;
const subcategoryFormSchema = z.object({
  name: fields.name,
  slug: z.union([z.literal(""), fields.slug.unwrap()]),
  description: fields.description,
});
type SubcategoryFormInput = z.input<typeof subcategoryFormSchema>;
type SubcategoryFormValues = z.output<typeof subcategoryFormSchema>;

const blank: SubcategoryFormInput = { name: "", slug: "", description: "" };

type SubcategoryFormProps = {
  category: CategoryDto;
  editing: SubcategoryDto | null;
  onDone: () => void;
};

/** Adds a subcategory, or edits the one chosen from the list. */
function SubcategoryForm({ category, editing, onDone }: SubcategoryFormProps) {
  const toast = useToast();
  const create = useCreateSubcategory();
  const update = useUpdateSubcategory();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SubcategoryFormInput, unknown, SubcategoryFormValues>({
    resolver: zodResolver(subcategoryFormSchema),
    defaultValues: editing ? { name: editing.name, slug: editing.slug, description: editing.description } : blank,
  });

  const onSubmit = handleSubmit(async ({ slug, ...values }) => {
    setFailure(null);
    const input = { ...values, ...(slug !== "" && { slug }) };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing._id, changes: input });
        toast.success(t.subUpdated);
      } else {
        await create.mutateAsync({ ...input, category: category._id });
        toast.success(t.subCreated);
      }
      reset(blank);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["name", "slug", "description"])) {
        setFailure(messageOf(error, t.failedSave));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-sm font-semibold text-slate-900">{editing ? t.editSubTitle : t.createSubTitle}</h3>
      <FormAlert message={failure} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t.name} autoComplete="off" error={errors.name?.message} {...register("name")} />
        <TextField
          label={t.slug}
          hint={t.slugHint}
          autoComplete="off"
          error={errors.slug?.message}
          {...register("slug")}
        />
      </div>
      <TextField
        label={t.description}
        autoComplete="off"
        error={errors.description?.message}
        {...register("description")}
      />
      <div className="flex justify-end gap-2">
        {editing ? (
          <Button variant="ghost" onClick={onDone} disabled={isSubmitting}>
            {uiCopy.modal.cancel}
          </Button>
        ) : null}
        <Button type="submit" size="sm" isLoading={isSubmitting}>
          {editing ? t.save : t.addSubcategory}
        </Button>
      </div>
    </form>
  );
}

type SubcategoriesModalProps = { category: CategoryDto; canCreate: boolean; canEdit: boolean; onClose: () => void };

/** One category's subcategories: list, add, edit, delete. */
export function SubcategoriesModal({ category, canCreate, canEdit, onClose }: SubcategoriesModalProps) {
  const subcategories = useSubcategories(category._id);
  const remove = useDeleteSubcategory();
  const [editing, setEditing] = useState<SubcategoryDto | null>(null);
  const deletion = useDeleteDialog({
    mutation: remove,
    idOf: (sub: SubcategoryDto) => sub._id,
    title: t.confirmDeleteSubTitle,
    message: (sub) => t.confirmDeleteSub(sub.name),
    confirmLabel: t.delete,
    deleted: t.subDeleted,
    failed: t.failedDelete,
  });

  return (
    <Modal title={t.subcategoriesOf(category.name)} onClose={onClose} size="lg">
      {subcategories.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : subcategories.isError ? (
        <FormAlert message={messageOf(subcategories.error, t.failedFetch)} />
      ) : subcategories.data.length === 0 ? (
        <p className="py-2 text-sm text-slate-600">{t.noSubcategories}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {subcategories.data.map((sub) => (
            <li key={sub._id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
              <span>
                <span className="font-medium text-slate-900">{sub.name}</span>{" "}
                <span className="font-mono text-xs text-slate-500">{sub.slug}</span>
              </span>
              {canEdit ? (
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={t.editCategory(sub.name)}
                    onClick={() => setEditing(sub)}
                  >
                    {t.edit}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t.deleteCategory(sub.name)}
                    onClick={() => deletion.ask(sub)}
                  >
                    {t.delete}
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editing || canCreate ? (
        <div className="mt-4">
          <SubcategoryForm
            key={editing?._id ?? "new"}
            category={category}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        </div>
      ) : null}
      {deletion.dialog}
    </Modal>
  );
}
