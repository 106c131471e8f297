import { useSyncExternalStore } from "react";
import type { ModalId, ModalPropsById } from "./modal-types";

export type OpenModal = { [Id in ModalId]: { key: number; id: Id; props: ModalPropsById[Id] } }[ModalId];

let stack: readonly OpenModal[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();

function publish(next: readonly OpenModal[]): void {
  stack = next;
  for (const listener of listeners) listener();
}

/** Opens a modal over whatever is showing; returns its key, to close that one later. */
export function openModal<Id extends ModalId>(id: Id, props: ModalPropsById[Id]): number {
  const key = nextKey++;
  // The mapped union cannot see that `id` and `props` belong together; the signature guarantees it.
  publish([...stack, { key, id, props } as OpenModal]);
  return key;
}

/** Closes the modal with `key`, or the top one without it. */
export function closeModal(key?: number): void {
  if (stack.length === 0) return;
  publish(key === undefined ? stack.slice(0, -1) : stack.filter((modal) => modal.key !== key));
}

export function closeAllModals(): void {
  publish([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => stack;

export function useOpenModals(): readonly OpenModal[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
