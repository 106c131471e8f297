import type { ProductDto } from "@shop/shared/schemas/products";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { addToCart, cartProductOf } from "@/app/store/cart-slice";
import { useAppDispatch } from "@/app/store/hooks";
import { useToast } from "@/lib/toasts";
import { Button, type ButtonSize } from "./button";
import { CartIcon } from "./icons";

type CartableProduct = Pick<ProductDto, "_id" | "name" | "price" | "image" | "category" | "inStock">;

type AddToCartButtonProps = {
  product: CartableProduct;
  quantity?: number;
  /** `icon`: a round icon button for cards, named by the product; `full`: the product page's labelled button. */
  variant?: "icon" | "full";
  size?: ButtonSize;
  className?: string;
};

/** Puts the product in the cart (or raises its quantity) and says so; out-of-stock products cannot be added. */
export function AddToCartButton({
  product,
  quantity = 1,
  variant = "full",
  size = "lg",
  className = "",
}: AddToCartButtonProps) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const copy = storefrontCopy.product;

  const add = () => {
    dispatch(addToCart({ ...cartProductOf(product), quantity }));
    toast.success(storefrontCopy.cart.added(product.name));
  };

  if (variant === "icon") {
    return (
      <button
        type="button"
        onClick={add}
        disabled={!product.inStock}
        aria-label={copy.addNamedToCart(product.name)}
        className={`flex size-10 items-center justify-center rounded-full bg-brand-700 text-white shadow-sm transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 ${className}`.trim()}
      >
        <CartIcon className="size-5" />
      </button>
    );
  }
  return (
    <Button size={size} onClick={add} disabled={!product.inStock} className={className}>
      <CartIcon className="size-5" />
      {copy.addToCart}
    </Button>
  );
}
