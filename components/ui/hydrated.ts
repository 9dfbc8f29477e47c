// Whether this page's JavaScript has taken over: false in the server's HTML and while React
// hydrates it, true from then on. A control that would do nothing before then is shown disabled,
// so a tap on a slow phone is visibly impossible rather than silently lost.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
