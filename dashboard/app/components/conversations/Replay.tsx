import { useEffect, useMemo, useState } from "react";
import { formatOffset, REPLAY_SPEEDS, replayDelays, type ReplaySpeed } from "#shared/chat/replay.ts";
import type { Transcript } from "#server/chat/transcripts.server.ts";

import { formatDateTime, formatTime, PRIORITY_CLASS, PRIORITY_LABEL } from "./format";
import { Button } from "~/components/ui/Button";
import { focusRing } from "~/components/forms";

const ROLE_LABEL = { visitor: "Visitor", bot: "Chatbot", agent: "Agent", system: "System" } as const;

/** Plays a conversation back at its original pace or faster: play, pause, step, speed 1×/2×/4×. */
export function Replay({ transcript, timeZone }: { transcript: Transcript; timeZone: string }) {
  const { messages } = transcript;
  const [shown, setShown] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  const delays = useMemo(() => replayDelays(messages.map((m) => m.createdAt), speed), [messages, speed]);
  const finished = shown >= messages.length;

  useEffect(() => {
    if (!playing) return;
    if (shown >= messages.length) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setShown((n) => Math.min(n + 1, messages.length)), delays[shown] ?? 0);
    return () => clearTimeout(timer);
  }, [playing, shown, delays, messages.length]);

  const start = messages[0]?.createdAt ?? transcript.createdAt;
  const visible = messages.slice(0, shown);
  const leadShown = transcript.lead && transcript.leadAfterSeq !== null && visible.some((m) => m.seq === transcript.leadAfterSeq);

  return (
    <div className="space-y-4">
      <div role="group" aria-label="Replay controls" className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
        {playing ? (
          <Button type="button" onClick={() => setPlaying(false)} >
            Pause
          </Button>
        ) : (
          <Button
 type="button"
            onClick={() => {
              if (finished) setShown(0);
              setPlaying(true);
            }}
          >
            {finished && messages.length > 0 ? "Play again" : "Play"}
          </Button>
        )}
        <Button
 type="button"
          onClick={() => {
            setPlaying(false);
            setShown((n) => Math.min(n + 1, messages.length));
          }}
          disabled={finished}
          variant="secondary"
        >
          Step
        </Button>
        <Button
 type="button"
          onClick={() => {
            setPlaying(false);
            setShown((n) => Math.max(n - 1, 0));
          }}
          disabled={shown === 0}
          variant="secondary"
        >
          Step back
        </Button>
        <Button
 type="button"
          onClick={() => {
            setPlaying(false);
            setShown(messages.length);
          }}
          disabled={finished}
          variant="secondary"
        >
          Show all
        </Button>
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
        <div role="group" aria-label="Speed" className="flex gap-1">
          {REPLAY_SPEEDS.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={speed === s}
              onClick={() => setSpeed(s)}
              className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${focusRing} ${
                speed === s ? "bg-brand-600 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              }`}
            >
              {s}×
            </button>
          ))}
        </div>
        <p className="ml-auto text-sm text-slate-700" aria-live="polite" data-testid="replay-progress">
          Message {shown} of {messages.length}
        </p>
      </div>
      <p className="text-xs text-slate-600">Replays at the original pace; pauses longer than 10 seconds are shortened.</p>

      <ol aria-label="Transcript" className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid="replay-transcript">
        {visible.length === 0 ? <li className="text-sm text-slate-600">Press Play or Step to start the replay.</li> : null}
        {visible.map((m) => (
          <li key={m.id} className="space-y-2">
            <div className={`flex ${m.role === "visitor" ? "justify-end" : "justify-start"}`}>
              <div
                className={`max-w-[80%] rounded-2xl px-4 py-2 text-sm shadow-sm ${
                  m.role === "visitor" ? "bg-brand-600 text-white" : "bg-white text-slate-900 ring-1 ring-slate-200"
                }`}
              >
                <p className={`text-xs font-semibold ${m.role === "visitor" ? "text-white/90" : "text-slate-600"}`}>
                  {ROLE_LABEL[m.role]} {m.channel === "sms" ? "(SMS) " : ""}·{" "}
                  <time dateTime={m.createdAt}>
                    {formatTime(m.createdAt, timeZone)} ({formatOffset(start, m.createdAt)})
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-wrap">{m.text}</p>
                {m.quickReplies.length > 0 ? (
                  <div className="mt-2">
                    <p className="sr-only">Quick replies offered:</p>
                    <ul className="flex flex-wrap gap-1" aria-label="Quick replies offered">
                      {m.quickReplies.map((q) => (
                        <li key={q} className="rounded-full border border-brand-600/40 bg-brand-50 px-2 py-0.5 text-xs text-brand-800">
                          {q}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
            </div>
            {transcript.lead && m.seq === transcript.leadAfterSeq ? (
              <div
                role="note"
                data-testid="lead-created-marker"
                className="flex items-center gap-3 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
              >
                <span className="font-semibold">Lead created</span>
                <span>
                  {transcript.lead.name ?? "Unnamed"}
                  {transcript.lead.company ? `, ${transcript.lead.company}` : ""} ·{" "}
                  <time dateTime={transcript.lead.createdAt}>{formatDateTime(transcript.lead.createdAt, timeZone)}</time>
                </span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${PRIORITY_CLASS[transcript.lead.priority]}`}>
                  Score {transcript.lead.score.toFixed(1)} · {PRIORITY_LABEL[transcript.lead.priority]}
                </span>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {finished && messages.length > 0 && !leadShown && !transcript.lead ? (
        <p className="text-sm text-slate-600">This conversation did not produce a lead.</p>
      ) : null}
      {transcript.truncated ? <p className="text-sm text-slate-600">Only the first 2,000 messages are shown.</p> : null}
    </div>
  );
}
