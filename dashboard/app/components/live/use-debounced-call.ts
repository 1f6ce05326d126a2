// At most one call per delay, however many events ask for it (the chatbot updates a lead on every visitor
// turn). The latest function is always the one called; a pending call is dropped on unmount.
import { useCallback, useEffect, useRef } from "react";

export function useDebouncedCall(fn: () => void, delayMs: number): () => void {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      fnRef.current();
    }, delayMs);
  }, [delayMs]);
}
