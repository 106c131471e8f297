import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { type AdminPostSummary, postStatuses } from "@shop/shared/schemas/blog";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import { actionsColumn, DataTable, type DataTableColumn, tableStateOf } from "@/components/data-table";
import { FilterBar } from "@/components/filter-bar";
import { FilterOptions, FilterSelect } from "@/components/form-field";
import { PlusIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { SearchInput } from "@/components/search-input";
import { StatusBadge } from "@/components/status-badge";
import { useDeleteDialog } from "@/components/use-delete-dialog";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { formatDate, formatDay } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { useAdminPosts } from "./api/get-admin-posts";
import { useDeletePost, useUpdatePost } from "./api/save-post";

const t = backofficeCopy.blog;
const page = backofficeCopy.pages.blog;
const pageSize = 10;
const filterKeys = ["search", "status"] as const;
const statusOptions = postStatuses.map((status) => ({ value: status, label: t.statuses[status] }));

/** /admin/blog: every post, drafts too; publish or unpublish in place, write, edit, delete. */
export function BlogPostsPage() {
  const can = useCan();
  const toast = useToast();
  const url = useUrlFilters(filterKeys);
  const status = postStatuses.find((value) => value === url.get("status"));
  const posts = useAdminPosts({ page: url.page, limit: pageSize, search: url.get("search") || undefined, status });
  const updatePost = useUpdatePost();
  const remove = useDeletePost();
  const canWrite = can("blog:create-update-post");
  const canDelete = can("blog:delete-post");

  const togglePublished = (post: AdminPostSummary) => {
    const next = post.status === "published" ? "draft" : "published";
    updatePost.mutate(
      { id: post._id, changes: { status: next } },
      {
        onSuccess: () => toast.success(next === "published" ? t.published : t.unpublished),
        onError: (error) => toast.error(messageOf(error, t.failedUpdate)),
      },
    );
  };

  const deletion = useDeleteDialog({
    mutation: remove,
    idOf: (post: AdminPostSummary) => post._id,
    title: t.confirmDeleteTitle,
    message: (post) => t.confirmDelete(post.title),
    confirmLabel: t.delete,
    deleted: t.deleted,
    failed: t.failedDelete,
  });

  const columns: DataTableColumn<AdminPostSummary>[] = [
    {
      id: "title",
      header: t.columns.title,
      cell: (post) => (
        <div>
          <p className="font-medium text-slate-900">{post.title}</p>
          <p className="font-mono text-xs text-slate-500">{post.slug}</p>
        </div>
      ),
    },
    { id: "author", header: t.columns.author, cell: (post) => post.author || adminCopy.table.notAvailable },
    {
      id: "status",
      header: t.columns.status,
      cell: (post) =>
        post.status === "published" ? (
          <StatusBadge tone="success">{t.statuses.published}</StatusBadge>
        ) : (
          <StatusBadge tone="neutral">{t.statuses.draft}</StatusBadge>
        ),
    },
    {
      id: "published",
      header: t.columns.published,
      className: "whitespace-nowrap",
      cell: (post) => formatDay(post.publishedAt, t.notPublished),
    },
    {
      id: "updated",
      header: t.columns.updated,
      className: "whitespace-nowrap",
      cell: (post) => formatDate(post.updatedAt),
    },
  ];
  if (canWrite || canDelete) {
    columns.push({
      ...actionsColumn,
      cell: (post) => (
        <div className="flex justify-end gap-2">
          {canWrite ? (
            <>
              <Button
                size="sm"
                variant="secondary"
                aria-label={post.status === "published" ? t.unpublishPost(post.title) : t.publishPost(post.title)}
                disabled={updatePost.isPending}
                onClick={() => togglePublished(post)}
              >
                {post.status === "published" ? t.unpublish : t.publish}
              </Button>
              <Link
                to={paths.admin.blogEdit(post._id)}
                aria-label={t.editPost(post.title)}
                className={buttonClasses("outline", "sm")}
              >
                {t.edit}
              </Link>
            </>
          ) : null}
          {canDelete ? (
            <Button size="sm" variant="danger" aria-label={t.deletePost(post.title)} onClick={() => deletion.ask(post)}>
              {t.delete}
            </Button>
          ) : null}
        </div>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={page.title}
        description={page.description}
        actions={
          canWrite ? (
            <Link to={paths.admin.blogCreate} className={buttonClasses("primary")}>
              <PlusIcon className="size-4" />
              {t.write}
            </Link>
          ) : null
        }
      />
      <FilterBar onClear={url.isFiltered ? url.clear : undefined}>
        <SearchInput
          value={url.get("search")}
          onSearch={(search) => url.setFilters({ search })}
          placeholder={t.searchPlaceholder}
          className="w-full sm:w-72"
        />
        <FilterSelect
          label={t.status}
          value={url.get("status")}
          onChange={(event) => url.setFilters({ status: event.target.value })}
          className="w-full sm:w-40"
        >
          <FilterOptions allLabel={t.allStatuses} options={statusOptions} />
        </FilterSelect>
      </FilterBar>
      <DataTable
        caption={page.title}
        columns={columns}
        rows={posts.data?.posts}
        rowKey={(post) => post._id}
        {...tableStateOf(posts, t.failedFetch)}
        empty={{ title: t.empty, description: adminCopy.table.noResultsText }}
        footer={
          <Pagination
            page={url.page}
            pageSize={pageSize}
            total={posts.data?.pagination.totalPosts}
            onPageChange={url.setPage}
            disabled={posts.isFetching}
          />
        }
      />
      {deletion.dialog}
    </>
  );
}
