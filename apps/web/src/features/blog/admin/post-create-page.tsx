import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { PageHeader } from "@/components/page-header";
import { useToast } from "@/lib/toasts";
import { useCreatePost } from "./api/save-post";
import { PostForm } from "./post-form";

const t = backofficeCopy.blog;
const page = backofficeCopy.pages.blogCreate;

/** /admin/blog/create */
export function PostCreatePage() {
  const createPost = useCreatePost();
  const toast = useToast();
  return (
    <>
      <PageHeader title={page.title} description={page.description} />
      <PostForm
        failureMessage={t.failedCreate}
        onSave={async (values) => {
          await createPost.mutateAsync(values);
          toast.success(t.form.created);
          return true;
        }}
      />
    </>
  );
}
