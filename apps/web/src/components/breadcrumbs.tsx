import { storefrontCopy } from "@shop/shared/storefront-copy";
import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

/** Where this page sits: links up the tree, the current page last and unlinked. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label={storefrontCopy.breadcrumb} className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
        {items.map((item, index) => (
          <li key={item.to ?? item.label} className="flex items-center gap-2">
            {index > 0 ? (
              <span aria-hidden="true" className="text-slate-400">
                /
              </span>
            ) : null}
            {item.to ? (
              <Link to={item.to} className="hover:text-brand-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
