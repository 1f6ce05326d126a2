// Stripe Elements' card field: Stripe.js loads when the field first mounts (a modal opened).
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { loadStripeJs } from "./stripe-loader";

export type CardHandle = { stripe: Stripe; card: StripeCardElement } | null;

export function CardField({ publishableKey, onReady, labelId }: { publishableKey: string; onReady: (handle: CardHandle) => void; labelId: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripeJs(publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe || !mountRef.current) {
          setLoadError("The secure card form could not be loaded. Please check your connection and try again.");
          return;
        }
        card = stripe.elements().create("card", { hidePostalCode: false, style: { base: { fontSize: "16px", color: "#0f172a" } } });
        card.mount(mountRef.current);
        card.on("change", (event) => setCardError(event.error?.message ?? null));
        readyRef.current({ stripe, card });
      })
      .catch(() => {
        if (!cancelled) setLoadError("The secure card form could not be loaded. Please check your connection and try again.");
      });
    return () => {
      cancelled = true;
      card?.destroy();
      readyRef.current(null);
    };
  }, [publishableKey]);

  return (
    <div>
      <div
        ref={mountRef}
        role="group"
        aria-labelledby={labelId}
        data-testid="card-field"
        className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-3 shadow-sm"
      />
      {cardError ? <p className="mt-1 text-sm text-red-700">{cardError}</p> : null}
      {loadError ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {loadError}
        </p>
      ) : null}
    </div>
  );
}
