import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/Button";
import { LogoMark } from "~/components/ui/LogoMark";
import { Icon } from "~/components/ui/Icon";
import { Menu, X } from "lucide-react";
import { focusRing } from "~/components/forms";

/** Public pages linked from the header (spec §2.3). */
const NAV_LINKS = [
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/resources", label: "Resources" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

const MOBILE_MENU_ID = "site-mobile-menu";

function desktopLinkClass({ isActive }: { isActive: boolean }): string {
  return [
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
    focusRing,
  ].join(" ");
}

function mobileLinkClass({ isActive }: { isActive: boolean }): string {
  return [
    "block rounded-md px-3 py-2 text-base font-medium",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100",
    focusRing,
  ].join(" ");
}

export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-slate-900">LeadBroom</span>
    </span>
  );
}

/** Sticky public header with a collapsible mobile menu below the md breakpoint (spec §2.3). */
export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A navigation (including back/forward) always closes the menu.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <a
        href="#main"
        className="sr-only rounded-md bg-brand-700 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:px-4 focus:py-2 focus:top-2 focus:left-2 focus:z-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className={`rounded-md ${focusRing}`}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} prefetch="intent" className={desktopLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          {signedIn ? (
            <Link
              to="/app/dashboard"
              className={buttonClasses()}
            >
              Dashboard
            </Link>
          ) : (
            <>
              <Link
                to="/login"
                className={`rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
              >
                Sign In
              </Link>
              <Link
                to="/register"
                className={buttonClasses()}
              >
                Start Free Trial
              </Link>
            </>
          )}
        </div>

        <button
          ref={toggleRef}
          type="button"
          className={`inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden ${focusRing}`}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label="Main menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon icon={menuOpen ? X : Menu} strokeWidth={2} className="h-6 w-6" />
        </button>
      </div>

      <div id={MOBILE_MENU_ID} hidden={!menuOpen} className="border-t border-slate-200 bg-white md:hidden">
        <nav aria-label="Main" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <ul className="space-y-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={mobileLinkClass} onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
            {signedIn ? (
              <Link
                to="/app/dashboard"
                onClick={closeMenu}
                className={buttonClasses({ size: "lg", block: true })}
              >
                Dashboard
              </Link>
            ) : (
              <>
                <Link
                  to="/login"
                  onClick={closeMenu}
                  className={buttonClasses({ variant: "secondary", size: "lg", block: true })}
                >
                  Sign In
                </Link>
                <Link
                  to="/register"
                  onClick={closeMenu}
                  className={buttonClasses({ size: "lg", block: true })}
                >
                  Start Free Trial
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
