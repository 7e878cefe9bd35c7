/**
 * Navigation for the frame's parts (navbar, sidebar, tabs) that does not follow the route.
 *
 * React Router's `useNavigate` reads the router's contexts, which change on every navigation, so
 * every component that calls it renders again on each page change and tab switch, even one that
 * shows nothing of the route (the navbar with its selects and buttons: about a hundred components
 * before a tab was shown). The frame provides one navigate function that stays the same for its
 * whole life (`ShellNavigateProvider`); a small bridge keeps it pointing at the router's own.
 */
import { createContext, useCallback, useContext, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useNavigate, type NavigateFunction, type NavigateOptions, type To } from 'react-router';

/** An absolute navigation (the frame's links are paths from the root), as `navigate(to, options)`. */
export type ShellNavigate = (to: To, options?: NavigateOptions) => void;

const ShellNavigateContext = createContext<ShellNavigate | null>(null);

/** Keeps the ref on the router's current navigate function; renders nothing. */
function NavigateBridge({ targetRef }: { targetRef: RefObject<NavigateFunction | null> }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    targetRef.current = navigate;
  }, [navigate, targetRef]);
  return null;
}

export function ShellNavigateProvider({ children }: { children: ReactNode }) {
  const current = useRef<NavigateFunction | null>(null);
  const navigate = useCallback<ShellNavigate>((to, options) => void current.current?.(to, options), []);
  return (
    <ShellNavigateContext.Provider value={navigate}>
      <NavigateBridge targetRef={current} />
      {children}
    </ShellNavigateContext.Provider>
  );
}

/** The frame's navigate function (inside `ShellNavigateProvider`, which the frame renders). */
export function useShellNavigate(): ShellNavigate {
  const navigate = useContext(ShellNavigateContext);
  if (!navigate) throw new Error('useShellNavigate outside the shell (ShellNavigateProvider)');
  return navigate;
}
