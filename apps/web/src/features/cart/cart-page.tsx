import { uiCopy } from "@shop/shared/ui-copy";
import { Link } from "react-router";
import { clearCart, removeFromCart, updateQuantity } from "@/app/store/cart-slice";
import { useAppDispatch, useAppSelector } from "@/app/store/hooks";
import { Button, buttonClasses } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { CartIcon, MinusIcon, PlusIcon, TrashIcon } from "@/components/icons";
import { StorePage } from "@/components/store-page";
import { formatPrice } from "@/lib/format";
import { paths } from "@/lib/paths";

const copyOf = uiCopy.cart;
const stepperClass =
  "rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";

export function CartPage() {
  const dispatch = useAppDispatch();
  const { items, total } = useAppSelector((state) => state.cart);

  if (items.length === 0) {
    return (
      <StorePage title={copyOf.title}>
        <EmptyState
          icon={<CartIcon className="size-6" />}
          title={copyOf.empty}
          description={copyOf.emptyText}
          action={
            <Link to={paths.shop} className={buttonClasses()}>
              {copyOf.browse}
            </Link>
          }
        />
      </StorePage>
    );
  }

  return (
    <StorePage title={copyOf.title}>
      <div className="grid gap-8 lg:grid-cols-3">
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white lg:col-span-2">
          {items.map((item) => (
            <li key={item._id} className="flex flex-wrap items-center gap-4 p-4">
              <div className="min-w-0 flex-1">
                <Link to={paths.product(item._id)} className="font-semibold text-slate-900 hover:text-brand-700">
                  {item.name}
                </Link>
                <p className="text-sm text-slate-500">{formatPrice(item.price)}</p>
              </div>
              <fieldset className="flex items-center gap-1 rounded-lg border border-slate-200 p-1">
                <legend className="sr-only">{`${copyOf.quantity}: ${item.name}`}</legend>
                <button
                  type="button"
                  aria-label={copyOf.decrease(item.name)}
                  className={stepperClass}
                  onClick={() => dispatch(updateQuantity({ id: item._id, quantity: item.quantity - 1 }))}
                >
                  <MinusIcon className="size-4" />
                </button>
                <output className="w-8 text-center text-sm font-semibold" aria-live="polite">
                  {item.quantity}
                </output>
                <button
                  type="button"
                  aria-label={copyOf.increase(item.name)}
                  className={stepperClass}
                  onClick={() => dispatch(updateQuantity({ id: item._id, quantity: item.quantity + 1 }))}
                >
                  <PlusIcon className="size-4" />
                </button>
              </fieldset>
              <p className="w-24 text-right font-semibold text-slate-900">{formatPrice(item.price * item.quantity)}</p>
              <Button variant="ghost" size="sm" onClick={() => dispatch(removeFromCart(item._id))}>
                <TrashIcon className="size-4" />
                <span className="sr-only sm:not-sr-only">{copyOf.remove}</span>
              </Button>
            </li>
          ))}
        </ul>
        <aside className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6">
          <div className="flex items-center justify-between text-lg font-semibold text-slate-900">
            <span>{copyOf.total}</span>
            <span data-testid="cart-total">{formatPrice(total)}</span>
          </div>
          <Button variant="outline" className="mt-6 w-full" onClick={() => dispatch(clearCart())}>
            {copyOf.clear}
          </Button>
        </aside>
      </div>
    </StorePage>
  );
}
