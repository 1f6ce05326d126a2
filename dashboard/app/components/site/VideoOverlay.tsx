// The video tutorial player (decision 0081, superseding the 5-second "being re-recorded" overlay of
// spec §2.10): opened from a video card on /resources, a native <video controls> with its WebVTT
// captions in the app's Dialog. Keyboard: focus starts on the video (Space plays and pauses, the
// controls are tabbable), Escape or Close closes, and focus returns to the card.
import { Link } from "@remix-run/react";
import { useRef } from "react";
import { formatVideoDuration, spokenVideoDuration, tutorialUrl, type Tutorial } from "#shared/public-site/tutorials.ts";
import { Dialog } from "~/components/ui/Dialog";
import { focusRing } from "./ui";

export function VideoOverlay({ video, onClose }: { video: Tutorial; onClose: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  return (
    <Dialog
      title={
        <>
          {video.title}{" "}
          <span className="text-base font-medium text-slate-600">
            (<span aria-hidden="true">{formatVideoDuration(video.durationSeconds)}</span>
            <span className="sr-only">{spokenVideoDuration(video.durationSeconds)}</span>)
          </span>
        </>
      }
      onClose={onClose}
      initialFocus={videoRef}
      size="lg"
      testId="video-overlay"
      lead={
        <video
          ref={videoRef}
          controls
          preload="metadata"
          playsInline
          width={video.width}
          height={video.height}
          poster={video.poster ? tutorialUrl(video.poster) : undefined}
          aria-label={`${video.title} (video with captions)`}
          className={`aspect-video h-auto w-full rounded-xl bg-slate-900 ${focusRing}`}
        >
          <source src={tutorialUrl(video.video)} type='video/webm; codecs="vp9"' />
          <track kind="captions" src={tutorialUrl(video.captions)} srcLang="en" label="English" default />
        </video>
      }
      titleClassName="mt-5 text-xl font-bold text-slate-900"
    >
      <p className="mt-2 text-sm leading-6 text-slate-700">
        {video.text} Recorded from LeadBroom itself; prefer reading? The{" "}
        <Link to={video.guide.to} className="font-semibold text-brand-700 underline">
          {video.guide.title}
        </Link>{" "}
        guide covers the same steps.
      </p>
      <div className="mt-5 flex justify-end">
        <button
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
