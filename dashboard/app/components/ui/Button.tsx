// The one button of the app: a variant (primary, secondary, danger, ghost), a size, and a loading
// state (disabled, aria-busy) while its action runs. `buttonClasses` gives the same look to a link.
// Like a plain <button>, it submits its form unless given type="button".
import { forwardRef, type ButtonHTMLAttributes } from "react";

const base =
  "inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2";

const variants = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-brand-600",
  danger: "border border-red-300 bg-white text-red-700 shadow-sm hover:bg-red-50 focus-visible:outline-red-600",
  ghost: "text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-600",
} as const;

const sizes = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  lg: "px-5 py-3 text-base",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;
export type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string };

export function buttonClasses({ variant = "primary", size = "md", block = false, className }: ButtonStyle = {}): string {
  return [base, variants[variant], sizes[size], block ? "w-full" : "", className ?? ""].filter(Boolean).join(" ");
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonStyle & {
    /** The action is running: the button is disabled and says so (aria-busy); the caller sets its label. */
    loading?: boolean;
  };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, className, loading = false, disabled, children, ...rest },
  ref,
) {
  return (
    <button {...rest} ref={ref} disabled={disabled || loading} aria-busy={loading || undefined} className={buttonClasses({ variant, size, block, className })}>
      {children}
    </button>
  );
});
