// The one dropdown of the app: a button (aria-expanded, aria-controls) and the panel it shows below
// it. Escape closes it and returns focus to the button; a pointer-down outside or focus leaving it
// closes it too. Used by the workspace's user menu and notification centre.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";

/** Closes a disclosure on Escape (returning focus to its button), outside pointer-down and focus leaving it. */
function useDismiss(open: boolean, close: () => void, containerRef: RefObject<HTMLElement | null>, buttonRef: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) close();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        close();
        buttonRef.current?.focus();
      }
    }
    function onFocusIn(event: FocusEvent) {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) close();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open, close, containerRef, buttonRef]);
}

export type MenuProps = {
  /** The button's content; give it a name (text, sr-only text or `label`). */
  button: ReactNode;
  label?: string;
  buttonClassName: string;
  panelClassName: string;
  /** `section` for a panel with its own heading (named by `panelLabelledBy`). */
  panelAs?: "div" | "section";
  panelLabelledBy?: string;
  /** Told when the panel opens or closes, e.g. to load its content. */
  onOpenChange?: (open: boolean) => void;
  /** The panel's content; `close` hides it (e.g. after following a link). */
  children: (close: () => void) => ReactNode;
};

export function Menu({ button, label, buttonClassName, panelClassName, panelAs: Panel = "div", panelLabelledBy, onOpenChange, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);

  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });
  useEffect(() => {
    onOpenChangeRef.current?.(open);
  }, [open]);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={buttonClassName}
      >
        {button}
      </button>
      <Panel id={panelId} hidden={!open} aria-labelledby={panelLabelledBy} className={panelClassName}>
        {children(close)}
      </Panel>
    </div>
  );
}
