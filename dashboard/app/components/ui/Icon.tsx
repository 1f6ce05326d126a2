// The one way to draw an icon: a lucide-react glyph, decorative (aria-hidden), sized by class. The
// control around it carries the accessible name. Brand logos stay their own SVG.
import type { LucideIcon, LucideProps } from "lucide-react";

export type { LucideIcon };

export function Icon({ icon: Glyph, className = "h-5 w-5", strokeWidth = 1.8, ...rest }: Omit<LucideProps, "ref"> & { icon: LucideIcon }) {
  return <Glyph aria-hidden="true" focusable="false" strokeWidth={strokeWidth} className={`shrink-0 ${className}`} {...rest} />;
}
