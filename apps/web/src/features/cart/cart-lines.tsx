import { storefrontCopy } from "@shop/shared/storefront-copy";
import { Link } from "react-router";
import { type CartItem, removeFromCart, updateQuantity } from "@/app/store/cart-slice";
import { useAppDispatch } from "@/app/store/hooks";
import { MinusIcon, PlusIcon, TrashIcon } from "@/components/icons";
import { ProductImagePlaceholder } from "@/components/product-image-placeholder";
import { ResponsiveImage } from "@/components/responsive-image";
import { formatPrice } from "@/lib/format";
import { paths } from "@/lib/paths";

const copy = storefrontCopy.cart;
const stepperClass =
  "flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";

function QuantityStepper({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const setQuantity = (quantity: number) => dispatch(updateQuantity({ id: item._id, quantity }));
  return (
    <fieldset className="flex items-center rounded-lg border border-slate-200">
      <legend className="sr-only">{`${copy.quantity}: ${item.name}`}</legend>
      <button
        type="button"
        aria-label={copy.decrease(item.name)}
        className={stepperClass}
        onClick={() => setQuantity(item.quantity - 1)}
      >
        <MinusIcon className="size-4" />
      </button>
      <output aria-live="polite" className="w-8 text-center text-sm font-semibold text-slate-900">
        {item.quantity}
      </output>
      <button
        type="button"
        aria-label={copy.increase(item.name)}
        className={stepperClass}
        onClick={() => setQuantity(item.quantity + 1)}
      >
        <PlusIcon className="size-4" />
      </button>
    </fieldset>
  );
}

/** The cart's lines: product, unit price, quantity stepper (down to 0 removes), line total and remove. */
export function CartLines({ items, onNavigate }: { items: readonly CartItem[]; onNavigate?: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item._id} data-testid="cart-line" className="flex gap-4 py-4">
          <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-slate-100">
            {item.image ? (
              <ResponsiveImage
                src={item.image}
                alt=""
                width={64}
                height={64}
                sizes="64px"
                className="size-full object-cover"
              />
            ) : (
              <ProductImagePlaceholder iconClassName="size-6" />
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link
                  to={paths.product(item._id)}
                  onClick={onNavigate}
                  className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {item.name}
                </Link>
                <p className="text-sm text-slate-600">{formatPrice(item.price)}</p>
              </div>
              <p className="shrink-0 font-semibold text-slate-900">
                <span className="sr-only">{copy.lineTotal}: </span>
                {formatPrice(item.price * item.quantity)}
              </p>
            </div>
            <div className="flex items-center justify-between gap-3">
              <QuantityStepper item={item} />
              <button
                type="button"
                onClick={() => dispatch(removeFromCart(item._id))}
                aria-label={copy.removeItem(item.name)}
                className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <TrashIcon className="size-4" />
                <span aria-hidden="true">{copy.remove}</span>
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
