// LeadBroom's logo mark (a brand drawing, not an icon): decorative, the link around it says "LeadBroom".
export function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 shrink-0">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M10 8v11.5a2.5 2.5 0 0 0 2.5 2.5H22" fill="none" stroke="white" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="22" cy="10" r="2.5" fill="white" />
    </svg>
  );
}
