import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type Blocker,
  type BlockerFunction,
  IDLE_BLOCKER,
  type Location,
  type Navigator,
  Router,
  type To,
  type UNSAFE_createMemoryHistory,
} from "react-router";

/** Browser or memory history (tests): what the router needs of either. */
export type AppHistory = Omit<ReturnType<typeof UNSAFE_createMemoryHistory>, "index">;

type BlockedNavigation = { owner: string; location: Location; proceed: () => void };

type RouterExtras = {
  /** A navigation is under way: the next page's code or table is loading, or it is rendering. */
  pending: boolean;
  blocked: BlockedNavigation | null;
  register: (owner: string, shouldBlock: BlockerFunction) => () => void;
  reset: () => void;
};

const RouterExtrasContext = createContext<RouterExtras>({
  pending: false,
  blocked: null,
  register: () => () => {},
  reset: () => {},
});

type AppRouterProps = {
  history: AppHistory;
  /**
   * Run before a navigation is shown (start its data, load the page's code, patch in a route table);
   * a promise when the navigation must wait for it.
   */
  prepare?: (location: Location) => Promise<void> | undefined;
  children: ReactNode;
};

/**
 * React Router in declarative mode, plus the two things its data router gave this app: a pending state
 * while the next page loads (the progress bar), and blocking a navigation that would lose unsaved
 * changes. The data router itself (about 17 KB gzipped) is not in the first download; see decision 005.
 * Navigations render as a transition, so the page on screen stays until the next one is ready.
 */
export function AppRouter({ history, prepare, children }: AppRouterProps) {
  const [shown, setShown] = useState({ action: history.action, location: history.location });
  const [preparing, setPreparing] = useState(false);
  const [rendering, setRendering] = useState(false);
  const [blocked, setBlocked] = useState<BlockedNavigation | null>(null);
  const blockers = useRef(new Map<string, BlockerFunction>());
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const latest = useRef(0);
  /** The next POP undoes a blocked one: it is not a navigation. */
  const ignoreNextPop = useRef(false);
  /** The next POP redoes a blocked one the visitor then allowed: it is not asked about again. */
  const allowNextPop = useRef(false);

  const blockerFor = useCallback((next: Location, action: AppHistory["action"]) => {
    const currentLocation = shownRef.current.location;
    for (const [owner, shouldBlock] of blockers.current) {
      if (shouldBlock({ currentLocation, nextLocation: next, historyAction: action })) return owner;
    }
    return undefined;
  }, []);

  const show = useCallback(
    (update: { action: AppHistory["action"]; location: Location }) => {
      const id = ++latest.current;
      const commit = () => {
        if (id !== latest.current) return;
        setPreparing(false);
        setRendering(true);
        startTransition(() => {
          setShown(update);
          setRendering(false);
        });
      };
      const preparing = prepare?.(update.location);
      // Nothing to load (the usual case once a page has been seen): shown at once, so a second change
      // made straight after (a filter, then the sort) starts from this one.
      if (!preparing) return commit();
      setPreparing(true);
      void preparing.catch(() => undefined).then(commit);
    },
    [prepare],
  );

  useLayoutEffect(
    () =>
      history.listen(({ action, location, delta }) => {
        if (ignoreNextPop.current) {
          ignoreNextPop.current = false;
          return;
        }
        if (allowNextPop.current) {
          allowNextPop.current = false;
          return show({ action, location });
        }
        // Pushes and replaces were asked about before they happened (the navigator below).
        const owner = action === "POP" ? blockerFor(location, action) : undefined;
        if (owner && delta) {
          // Back or forward already moved the address: put it back, and go there only if allowed.
          ignoreNextPop.current = true;
          history.go(-delta);
          setBlocked({
            owner,
            location,
            proceed: () => {
              setBlocked(null);
              allowNextPop.current = true;
              history.go(delta);
            },
          });
          return;
        }
        show({ action, location });
      }),
    [history, blockerFor, show],
  );

  const navigator = useMemo<Navigator>(() => {
    const guarded = (method: "push" | "replace", action: AppHistory["action"]) => (to: To, state?: unknown) => {
      const next: Location = { ...history.encodeLocation(to), state: state ?? null, key: "next" };
      // The address changes once the next page is ready, as with the data router: moved first, the
      // old page would stand at the new address, and whoever acts on it there acts on the wrong page.
      const go = () => {
        const ready = prepare?.(next);
        if (!ready) return history[method](to, state);
        const id = ++latest.current;
        setPreparing(true);
        void ready
          .catch(() => undefined)
          .then(() => {
            if (id === latest.current) history[method](to, state);
          });
      };
      const owner = blockerFor(next, action);
      if (!owner) return go();
      setBlocked({
        owner,
        location: next,
        proceed: () => {
          setBlocked(null);
          go();
        },
      });
    };
    return {
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: guarded("push", "PUSH" as AppHistory["action"]),
      replace: guarded("replace", "REPLACE" as AppHistory["action"]),
    };
  }, [history, blockerFor, prepare]);

  const register = useCallback((owner: string, shouldBlock: BlockerFunction) => {
    blockers.current.set(owner, shouldBlock);
    return () => {
      blockers.current.delete(owner);
    };
  }, []);
  const reset = useCallback(() => setBlocked(null), []);
  const extras = useMemo(
    () => ({ pending: preparing || rendering, blocked, register, reset }),
    [preparing, rendering, blocked, register, reset],
  );

  return (
    <RouterExtrasContext value={extras}>
      <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
        {children}
      </Router>
    </RouterExtrasContext>
  );
}

/** True while a navigation is loading or rendering the next page. */
export function useNavigationPending(): boolean {
  return useContext(RouterExtrasContext).pending;
}

/**
 * `useBlocker` for the declarative router: while `shouldBlock` says so, a navigation waits as
 * `blocked` until `proceed()` or `reset()`. Leaving the tab is the browser's, not this.
 */
export function useNavigationBlocker(shouldBlock: BlockerFunction): Blocker {
  const owner = useId();
  const { blocked, register, reset } = useContext(RouterExtrasContext);
  useLayoutEffect(() => register(owner, shouldBlock), [register, owner, shouldBlock]);
  if (blocked?.owner !== owner) return IDLE_BLOCKER;
  return { state: "blocked", location: blocked.location, proceed: blocked.proceed, reset };
}
