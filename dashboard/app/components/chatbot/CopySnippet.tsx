import { useEffect, useId, useRef, useState } from "react";
import { focusRing } from "~/components/forms";

/** The embed snippet with a copy button; the confirmation shows for 2 seconds (spec §4, §9). */
export function CopySnippet({
  snippet,
  confirmation,
  buttonLabel = "Copy code",
  onCopied,
}: {
  snippet: string;
  confirmation: string;
  buttonLabel?: string;
  /** The snippet was copied: with the button, or selected and copied by hand. */
  onCopied?: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const codeId = useId();

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  async function copy() {
    setFailed(false);
    try {
      await navigator.clipboard.writeText(snippet);
    } catch {
      setFailed(true);
      return;
    }
    setCopied(true);
    onCopied?.();
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  }

  return (
    <div>
      <pre onCopy={() => onCopied?.()} className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm whitespace-pre-wrap break-all text-slate-100">
        <code id={codeId}>{snippet}</code>
      </pre>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={copy}
          aria-describedby={codeId}
          className={`inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 ${focusRing}`}
        >
          {buttonLabel}
        </button>
        <span role="status" className="text-sm font-medium text-green-700">
          {copied ? confirmation : ""}
        </span>
        {failed ? (
          <span role="alert" className="text-sm text-red-700">
            Copying is not allowed here; select the code and copy it by hand.
          </span>
        ) : null}
      </div>
    </div>
  );
}
