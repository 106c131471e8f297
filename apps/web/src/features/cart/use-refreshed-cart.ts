import { useQueries } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { cartProductOf, refreshCartLine, removeFromCart } from "@/app/store/cart-slice";
import { useAppDispatch, useAppSelector } from "@/app/store/hooks";
import { isNotFound, productQueryOptions } from "@/features/products/api/get-product";

/**
 * Brings the cart's lines up to the shop as it is now, while the cart or its drawer is open: a cart is kept
 * in the browser for as long as the browser keeps it, and the quote staff read takes its prices from it.
 * Each line's product is looked up once through the product page's query (cached for its stale time, so
 * reopening asks nothing). A product the shop no longer sells (gone, or hidden) leaves the cart and its
 * name is returned for the shopper to read; a failed look-up says nothing about the product and leaves
 * its line alone.
 */
export function useRefreshedCart(): string[] {
  const dispatch = useAppDispatch();
  const items = useAppSelector((state) => state.cart.items);
  const lookups = useQueries({ queries: items.map((item) => productQueryOptions(item._id)) });
  const [removed, setRemoved] = useState<string[]>([]);

  useEffect(() => {
    const gone: string[] = [];
    items.forEach((item, index) => {
      const lookup = lookups[index];
      if (lookup?.data?.status === "active") {
        dispatch(refreshCartLine(cartProductOf(lookup.data)));
      } else if (lookup?.data || isNotFound(lookup?.error)) {
        gone.push(item.name);
        dispatch(removeFromCart(item._id));
      }
    });
    if (gone.length > 0) setRemoved((names) => [...names, ...gone.filter((name) => !names.includes(name))]);
  }, [dispatch, items, lookups]);

  return removed;
}
