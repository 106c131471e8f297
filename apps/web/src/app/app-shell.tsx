import { useEffect } from "react";
import { Outlet } from "react-router";
import { Toaster } from "@/components/toaster";
import { ModalRoot } from "@/modals/modal-root";
import { useAppSelector } from "./store/hooks";

/** The root route: every page, plus the one toaster and the global modals (inside the router, so they can link). */
export function AppShell() {
  const theme = useAppSelector((state) => state.ui.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  // A server-rendered page is on screen before it answers to input; from here on it does (tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.ready = "true";
  }, []);

  return (
    <>
      <Outlet />
      <ModalRoot />
      <Toaster />
    </>
  );
}
