import { storefrontCopy } from "@shop/shared/storefront-copy";
import { useState } from "react";
import { Link } from "react-router";
import { clearCart } from "@/app/store/cart-slice";
import { useAppDispatch, useAppSelector } from "@/app/store/hooks";
import { Button, buttonClasses } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { CartIcon, CheckCircleIcon } from "@/components/icons";
import { StorePage } from "@/components/store-page";
import { formatPrice } from "@/lib/format";
import { paths } from "@/lib/paths";
import { CartLines } from "./cart-lines";
import { QuoteRequestForm } from "./quote-request-form";
import { RemovedLinesNotice } from "./removed-lines-notice";
import { useRefreshedCart } from "./use-refreshed-cart";

const copy = storefrontCopy.cart;

function QuoteSent() {
  return (
    <div role="status" className="mx-auto flex max-w-lg flex-col items-center py-10 text-center">
      <span className="rounded-full bg-emerald-50 p-3 text-emerald-600">
        <CheckCircleIcon className="size-10" />
      </span>
      <h2 className="mt-4 text-2xl font-bold text-slate-900">{copy.quote.sentTitle}</h2>
      <p className="mt-2 text-slate-600">{copy.quote.sentText}</p>
      <Link to={paths.shop} className={buttonClasses("primary", "lg", "mt-8")}>
        {copy.quote.continueShopping}
      </Link>
    </div>
  );
}

/** The cart: lines, total (Σ price × quantity), clear, and "Request a quote" instead of a checkout. */
export function CartPage() {
  const dispatch = useAppDispatch();
  const { items, total } = useAppSelector((state) => state.cart);
  const removed = useRefreshedCart();
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <StorePage title={copy.title}>
        <QuoteSent />
      </StorePage>
    );
  }

  if (items.length === 0) {
    return (
      <StorePage title={copy.title}>
        <RemovedLinesNotice names={removed} />
        <EmptyState
          icon={<CartIcon className="size-6" />}
          title={copy.empty}
          description={copy.emptyText}
          action={
            <Link to={paths.shop} className={buttonClasses()}>
              {copy.browse}
            </Link>
          }
        />
      </StorePage>
    );
  }

  return (
    <StorePage title={copy.title} intro={copy.itemCount(items.reduce((sum, item) => sum + item.quantity, 0))}>
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <RemovedLinesNotice names={removed} />
          <div className="rounded-2xl border border-slate-200 bg-white px-4 sm:px-6">
            <CartLines items={items} />
          </div>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-slate-50 px-4 py-4 sm:px-6">
            <p className="text-lg font-semibold text-slate-900">
              {copy.total}: <span data-testid="cart-total">{formatPrice(total)}</span>
            </p>
            <Button variant="outline" onClick={() => dispatch(clearCart())}>
              {copy.clear}
            </Button>
          </div>
        </div>
        <div className="h-fit rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
          <QuoteRequestForm onSent={() => setSent(true)} />
        </div>
      </div>
    </StorePage>
  );
}
