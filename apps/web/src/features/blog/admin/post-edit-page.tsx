import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { Link, useParams } from "react-router";
import { buttonClasses } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { RecordLoadFailure } from "@/components/record-load-failure";
import { PageSpinner } from "@/components/spinner";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useAdminPost } from "./api/get-admin-post";
import { useUpdatePost } from "./api/save-post";
import { PostForm } from "./post-form";
import { postChangesOf } from "./post-form-schema";

const t = backofficeCopy.blog;
const page = backofficeCopy.pages.blogEdit;

/** /admin/blog/edit/:id — sends only the fields that changed. */
export function PostEditPage() {
  const { id = "" } = useParams();
  const post = useAdminPost(id);
  const updatePost = useUpdatePost();
  const toast = useToast();

  if (post.isPending) return <PageSpinner />;
  if (post.isError) {
    return (
      <>
        <PageHeader title={page.title} />
        <RecordLoadFailure
          error={post.error}
          notFound={t.notFound}
          back={
            <Link to={paths.admin.blog} className={buttonClasses("outline")}>
              {t.backToPosts}
            </Link>
          }
          onRetry={() => void post.refetch()}
        />
      </>
    );
  }

  const current = post.data;
  return (
    <>
      <PageHeader title={`${page.title}: ${current.title}`} description={page.description} />
      <PostForm
        key={current._id}
        post={current}
        failureMessage={t.failedUpdate}
        onSave={async (values) => {
          const changes = postChangesOf(current, values);
          if (Object.keys(changes).length === 0) {
            toast.info(t.form.nothingChanged);
            return false;
          }
          await updatePost.mutateAsync({ id: current._id, changes });
          toast.success(t.form.updated);
          return true;
        }}
      />
    </>
  );
}
