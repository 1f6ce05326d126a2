// Spec §4 / §9: after 'Subscribed!' or 'Added!' the modal closes 2 seconds later.
import { useEffect } from "react";

export const MODAL_AUTO_CLOSE_MS = 2000;

export function useAutoClose(done: boolean, onDone: () => void): void {
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(onDone, MODAL_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [done, onDone]);
}
