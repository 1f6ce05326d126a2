// Building blocks shared by the public pages: page header, section heading, buttons, icon frame.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { Check } from "lucide-react";
import { focusRing } from "~/components/forms";

export { focusRing };

/** A public form's error for the whole form (the contact form, the apply modal); nothing when there is none. */
export function FormAlert({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </p>
  ) : null;
}

export const textLink = `rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`;

export function CheckIcon({ className = "mt-0.5 h-5 w-5 shrink-0 text-brand-600" }: { className?: string }) {
  return (
    <Icon icon={Check} className={className} />
  );
}

export function ButtonLink({ to, children, variant = "primary" }: { to: string; children: ReactNode; variant?: "primary" | "secondary" }) {
  return (
    <Link to={to} className={buttonClasses({ variant, size: "lg" })}>
      {children}
    </Link>
  );
}

/** The top of a public page: eyebrow, h1 and lead paragraph on a light brand gradient. */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <section className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-20 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {children ? <div className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-700">{children}</div> : null}
      </div>
    </section>
  );
}

export function SectionHeading({ id, eyebrow, title, text }: { id: string; eyebrow?: string; title: string; text?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {text ? <p className="mt-4 text-lg leading-8 text-slate-600">{text}</p> : null}
    </div>
  );
}

/** A long-form page body (guides, legal text, articles): readable width and spacing. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 text-base leading-7 text-slate-700 sm:px-6 lg:px-8 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_table]:mt-4 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      {children}
    </div>
  );
}

/** Start Free Trial and a second link, white on the brand's dark band. */
export function CallToActionLinks({ secondary }: { secondary: { to: string; label: string } }) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <Link
        to="/register"
        className="inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-900 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Start Free Trial
      </Link>
      <Link
        to={secondary.to}
        className="inline-flex items-center justify-center rounded-lg border border-white/60 px-6 py-3 text-base font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {secondary.label}
      </Link>
    </div>
  );
}

/** The closing call to action of a page: Start Free Trial and a second link. */
export function CallToAction({ title, text, secondary }: { title: string; text: string; secondary: { to: string; label: string } }) {
  return (
    <section aria-labelledby="cta-heading" className="bg-brand-900">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-100">{text}</p>
        <CallToActionLinks secondary={secondary} />
      </div>
    </section>
  );
}
