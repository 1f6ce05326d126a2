// The video tutorial overlay (spec §2.10, §9): opened from a video card, it removes itself after
// 5 seconds or on Close. Focus moves to Close when it opens and returns to the card when it closes.
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Dialog } from "~/components/ui/Dialog";
import { focusRing } from "./ui";
import { Icon } from "~/components/ui/Icon";
import { Play } from "lucide-react";

export const VIDEO_OVERLAY_MS = 5000;

export type VideoTutorial = { id: string; title: string; duration: string; text: string; guide: { to: string; title: string } };

export function VideoOverlay({ video, onClose }: { video: VideoTutorial; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(onClose, VIDEO_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [video.id, onClose]);

  return (
    <Dialog
      title={
        <>
          {video.title} <span className="text-base font-medium text-slate-600">({video.duration})</span>
        </>
      }
      onClose={onClose}
      initialFocus={closeRef}
      closeOnBackdrop={false}
      testId="video-overlay"
      lead={
        <div className="flex aspect-video items-center justify-center rounded-xl bg-brand-900 text-white">
          <Icon icon={Play} fill="currentColor" className="h-14 w-14" />
        </div>
      }
      titleClassName="mt-5 text-xl font-bold text-slate-900"
    >
      <p className="mt-2 text-sm leading-6 text-slate-700">
        This tutorial is being re-recorded for the latest version of LeadBroom. Until it is published, the{" "}
        <Link to={video.guide.to} className="font-semibold text-brand-700 underline">
          {video.guide.title}
        </Link>{" "}
        guide covers the same steps.
      </p>
      <p className="mt-1 text-xs text-slate-600">This message closes by itself after 5 seconds.</p>
      <div className="mt-5 flex justify-end">
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          className={`cursor-pointer rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}
        >
          Close
        </button>
      </div>
    </Dialog>
  );
}
