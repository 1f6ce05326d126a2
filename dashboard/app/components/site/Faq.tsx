import { Icon } from "~/components/ui/Icon";
import { ChevronDown } from "lucide-react";
import { focusRing } from "~/components/forms";
/** Questions and answers as native disclosure widgets (keyboard and screen-reader friendly, no JS). */
export function Faq({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="mt-8 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
      {items.map((item) => (
        <details key={item.q} className="group p-5">
          <summary className={`flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-slate-900 ${focusRing} [&::-webkit-details-marker]:hidden`}>
            {item.q}
            <Icon icon={ChevronDown} strokeWidth={2} className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
          </summary>
          <p className="mt-3 text-sm leading-6 text-slate-700">{item.a}</p>
        </details>
      ))}
    </div>
  );
}
