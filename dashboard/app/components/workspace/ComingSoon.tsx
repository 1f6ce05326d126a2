import { useId } from "react";

/** An honest placeholder for a workspace page that has not been built yet. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center shadow-sm sm:px-10"
    >
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76Z" />
        </svg>
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
