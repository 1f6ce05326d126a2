// A thin progress bar (role="progressbar"): `value` of `max`, named by `label` for screen readers; the
// filled part is `percent` wide (default: value of max).
export function ProgressBar({
  label,
  value,
  max,
  percent = (value / max) * 100,
  className,
  barClassName = "bg-brand-600",
}: {
  label: string;
  value: number;
  max: number;
  percent?: number;
  className: string;
  barClassName?: string;
}) {
  return (
    <div className={`${className} h-2 overflow-hidden rounded-full bg-slate-100`} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value}>
      <div className={`h-full rounded-full ${barClassName}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
