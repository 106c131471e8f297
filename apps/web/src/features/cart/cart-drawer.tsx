import { storefrontCopy } from "@shop/shared/storefront-copy";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useAppSelector } from "@/app/store/hooks";
import { buttonClasses } from "@/components/button";
import { Drawer } from "@/components/drawer";
import { EmptyState } from "@/components/empty-state";
import { CartIcon } from "@/components/icons";
import { formatPrice } from "@/lib/format";
import { paths } from "@/lib/paths";
import type { ModalComponentProps } from "@/modals/modal-types";
import { CartLines } from "./cart-lines";
import { RemovedLinesNotice } from "./removed-lines-notice";
import { useRefreshedCart } from "./use-refreshed-cart";

const copy = storefrontCopy.cart;

/** The cart at a glance, from the navbar: change quantities, then go on to the cart page to request a quote. */
export function CartDrawer({ onClose }: ModalComponentProps<"cartDrawer">) {
  const { items, total } = useAppSelector((state) => state.cart);
  const removed = useRefreshedCart();
  const { pathname } = useLocation();
  const openedOn = useRef(pathname);

  // Following any link (a product, the cart page) leaves the drawer behind.
  useEffect(() => {
    if (pathname !== openedOn.current) onClose();
  }, [pathname, onClose]);

  return (
    <Drawer
      title={copy.title}
      onClose={onClose}
      closeLabel={copy.close}
      footer={
        items.length > 0 ? (
          <>
            <div className="flex items-center justify-between text-lg font-semibold text-slate-900">
              <span>{copy.total}</span>
              <span data-testid="drawer-total">{formatPrice(total)}</span>
            </div>
            <div className="mt-4 grid gap-2">
              <Link to={`${paths.cart}#quote`} className={buttonClasses("primary", "lg", "w-full")}>
                {copy.quote.title}
              </Link>
              <Link to={paths.cart} className={buttonClasses("outline", "md", "w-full")}>
                {copy.viewCart}
              </Link>
            </div>
          </>
        ) : null
      }
    >
      <RemovedLinesNotice names={removed} />
      {items.length > 0 ? (
        <CartLines items={items} />
      ) : (
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
      )}
    </Drawer>
  );
}
