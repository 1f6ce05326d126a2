import { Wrench } from "lucide-react";
import { useId } from "react";
import { Icon } from "~/components/ui/Icon";

/** An honest placeholder for a workspace page that has not been built yet. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center shadow-sm sm:px-10"
    >
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon icon={Wrench} className="h-6 w-6" />
      </span>
      <h2 id={headingId} className="mt-4 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mx-auto mt-2 max-w-2xl text-sm leading-6 text-slate-700">{description}</p>
      <p className="mx-auto mt-4 max-w-2xl text-sm leading-6 text-slate-600">
        This page is being built and will arrive in an upcoming release.
      </p>
    </section>
  );
}
