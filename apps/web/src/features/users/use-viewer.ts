import { useMemo } from "react";
import { useAppSelector } from "@/app/store/hooks";
import { usePrincipal } from "@/lib/access";
import type { Viewer } from "./user-rules";

/** The signed-in user as the user-management rules see them. */
export function useViewer(): Viewer {
  const id = useAppSelector((state) => state.user.userInfo?.id ?? "");
  const principal = usePrincipal();
  return useMemo(() => ({ id, ...principal }), [id, principal]);
}
