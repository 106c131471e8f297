import type { UnknownAction } from "@reduxjs/toolkit";

/** An action with its data; `payload` is undefined on actions that carry none. */
export type PayloadAction<Payload = undefined> = { type: string; payload: Payload };

/** Called to make the action; `match` recognises it in a reducer. */
export type ActionCreator<Payload, Args extends unknown[]> = ((...args: Args) => PayloadAction<Payload>) & {
  type: string;
  match: (action: UnknownAction) => action is PayloadAction<Payload> & UnknownAction;
};

/**
 * An action creator whose payload `prepare` makes from its arguments, as Redux Toolkit's `createAction`
 * makes one. The store's slices are plain reducers rather than Toolkit slices: Toolkit and Immer were
 * 6 KB of the storefront's first download, for four small slices (docs/decisions/005, "First-visit
 * JavaScript budget").
 */
export function preparedAction<Payload, Args extends unknown[]>(
  type: string,
  prepare: (...args: Args) => Payload,
): ActionCreator<Payload, Args> {
  const make = (...args: Args) => ({ type, payload: prepare(...args) });
  const match = (candidate: UnknownAction): candidate is PayloadAction<Payload> & UnknownAction =>
    candidate.type === type;
  return Object.assign(make, { type, match });
}

/** Arguments of an action creator: its payload, or none. */
type PayloadArgs<Payload> = [Payload] extends [undefined] ? [] : [payload: Payload];

/** An action creator whose one argument is the payload (none when there is no payload). */
export function action<Payload = undefined>(type: string): ActionCreator<Payload, PayloadArgs<Payload>> {
  return preparedAction(type, (...args: PayloadArgs<Payload>) => (args as unknown[])[0] as Payload);
}
