// The one dialog of the app (decision 0031): a native <dialog> opened with showModal(), so the browser
// keeps focus inside and makes the page behind it inert. It is labelled by its title, Escape and a
// click on the backdrop close it (unless `dismissible` is false), focus moves in when it opens and
// back to where it was when it closes or unmounts. The <dialog> fills the viewport and holds its own
// backdrop element, so the panel scrolls on small screens (360 px) instead of overflowing.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";

const sizes = { md: "max-w-lg", lg: "max-w-2xl" } as const;

export type DialogProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Kept mounted and toggled (true) or mounted only while shown (default). */
  open?: boolean;
  size?: keyof typeof sizes;
  /** What takes focus on opening: the title, the first control (default) or a given element. */
  initialFocus?: "title" | "first" | RefObject<HTMLElement | null>;
  /** False while an action runs: Escape and the backdrop then leave the dialog open. */
  dismissible?: boolean;
  /** Close on a click outside the panel (default true). */
  closeOnBackdrop?: boolean;
  /** Drawn above the title, e.g. a picture. */
  lead?: ReactNode;
  /** Drawn beside the title, e.g. a close icon button. */
  titleAction?: ReactNode;
  titleClassName?: string;
  panelClassName?: string;
  testId?: string;
};

const focusableSelector = "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

export function Dialog({
  title,
  onClose,
  children,
  open = true,
  size = "md",
  initialFocus = "first",
  dismissible = true,
  closeOnBackdrop = true,
  lead,
  titleAction,
  titleClassName = "text-xl font-bold text-slate-900",
  panelClassName = "p-6",
  testId,
}: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  const initialFocusRef = useRef(initialFocus);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
    initialFocusRef.current = initialFocus;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const focus = initialFocusRef.current;
    const target =
      focus === "title"
        ? dialog.querySelector<HTMLElement>(`[id="${CSS.escape(titleId)}"]`)
        : focus === "first"
          ? panelRef.current?.querySelector<HTMLElement>(focusableSelector)
          : focus.current;
    target?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, [open, titleId]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: React decides when the dialog goes, so the close runs through onClose.
        event.preventDefault();
        if (dismissibleRef.current) onCloseRef.current();
      }}
      onClose={() => {
        // Closed by the browser itself (e.g. a repeated Escape that cannot be cancelled).
        if (open) onCloseRef.current();
      }}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-transparent p-0 backdrop:bg-transparent"
    >
      <div
        aria-hidden="true"
        data-testid="modal-backdrop"
        className="fixed inset-0 bg-slate-900/50"
        onClick={() => {
          if (closeOnBackdrop && dismissibleRef.current) onCloseRef.current();
        }}
      />
      <div className="pointer-events-none relative flex min-h-full items-start justify-center p-4 sm:items-center">
        <div ref={panelRef} className={`pointer-events-auto relative my-8 w-full min-w-0 ${sizes[size]} rounded-2xl bg-white shadow-xl ${panelClassName}`}>
          {lead}
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} tabIndex={-1} className={`${titleClassName} focus:outline-none`}>
              {title}
            </h2>
            {titleAction}
          </div>
          {children}
        </div>
      </div>
    </dialog>
  );
}
