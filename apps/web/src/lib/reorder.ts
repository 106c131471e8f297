import { type DragEvent, useState } from "react";

/** The list with the item at `from` moved to `to`; out-of-range moves leave it as it was. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Native HTML5 drag and drop over a list: spread `itemProps(index)` on each item. Keyboard users
 * get the same moves from buttons beside each item (the callers draw them), since dragging
 * needs a pointer.
 */
export function useDragReorder(onMove: (from: number, to: number) => void) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const end = () => {
    setDragging(null);
    setOver(null);
  };

  const itemProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      setDragging(index);
      event.dataTransfer.effectAllowed = "move";
      // Firefox starts a drag only when some data is set.
      event.dataTransfer.setData("text/plain", String(index));
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      if (over !== index) setOver(index);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (dragging === null) return;
      event.preventDefault();
      if (dragging !== index) onMove(dragging, index);
      end();
    },
    onDragEnd: end,
  });

  return { itemProps, dragging, over };
}
