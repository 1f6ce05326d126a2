import { Link } from "@remix-run/react";
import { useId } from "react";
import type { ActivityItem, LiveChat } from "#server/dashboard/dashboard.server.ts";
import { relativeTime } from "#shared/dashboard/periods.ts";
import { focusRing } from "~/components/forms";


const ROLE_LABEL = { visitor: "Visitor", bot: "Chatbot", agent: "Agent", system: "System" } as const;

/** Conversations in progress: recent open conversations with their last messages. */
export function LiveChatPreview({ chats, now }: { chats: LiveChat[]; now: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-emerald-500" />
          Live Chat Preview
        </h2>
        <Link
          to="/app/chatbot?tab=settings"
          className={`rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}
        >
          Customize
        </Link>
      </div>
      {chats.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600">
          No conversations in progress. When a visitor chats with your chatbot, you'll see it here live.
        </p>
      ) : (
        <ul aria-label="Conversations in progress" className="divide-y divide-slate-100">
          {chats.map((chat) => {
            const who = chat.lead?.name ?? "Website visitor";
            return (
              <li key={chat.conversationId} data-conversation-id={chat.conversationId} className="px-5 py-4">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="truncate font-semibold text-slate-900">
                    {who}
                    {chat.lead?.company ? <span className="font-normal text-slate-600"> · {chat.lead.company}</span> : null}
                  </p>
                  <time dateTime={chat.lastMessageAt} className="shrink-0 text-xs text-slate-600">
                    {relativeTime(chat.lastMessageAt, now)}
                  </time>
                </div>
                {chat.detailsHidden ? (
                  <p className="mt-2 text-sm text-slate-600">
                    Subscribe to see this conversation.{" "}
                    <Link to="/app/settings/billing" className={`font-semibold text-brand-700 underline ${focusRing}`}>
                      Choose a plan
                    </Link>
                  </p>
                ) : null}
                <ol className="mt-2 space-y-1.5" aria-label={`Last messages with ${who}`}>
                  {chat.messages.map((message) => (
                    <li key={message.id} className={`flex ${message.role === "visitor" ? "justify-end" : "justify-start"}`}>
                      <p
                        className={`max-w-[85%] rounded-2xl px-3 py-1.5 text-sm ${
                          message.role === "visitor" ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-800"
                        }`}
                      >
                        <span className="sr-only">{ROLE_LABEL[message.role]}: </span>
                        {message.text}
                      </p>
                    </li>
                  ))}
                </ol>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const ACTIVITY_STYLE: Record<ActivityItem["type"], { label: string; dot: string }> = {
  "new-lead": { label: "New lead", dot: "bg-emerald-500" },
  response: { label: "Response", dot: "bg-brand-600" },
  "follow-up": { label: "Follow-up", dot: "bg-amber-500" },
};

/** Recent activity from lead history, with relative times ("2 minutes ago"). */
export function RecentActivity({ items, now }: { items: ActivityItem[]; now: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
        Recent Activity
      </h2>
      {items.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600">No activity yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} data-activity-type={item.type} className="flex gap-3 px-5 py-3">
              <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${ACTIVITY_STYLE[item.type].dot}`} />
              <div className="min-w-0">
                <p className="text-sm text-slate-900">
                  <span className="sr-only">{ACTIVITY_STYLE[item.type].label}: </span>
                  {item.text}
                </p>
                <p className="text-xs text-slate-600">
                  <time dateTime={item.time}>{relativeTime(item.time, now)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function UpgradeBanner() {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-brand-700 to-brand-900 px-6 py-5 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          Upgrade to Pro
        </h2>
        <p className="mt-1 text-sm text-brand-50">
          Unlock Cold Outreach and competitor analysis, and capture up to 500 leads a month.
        </p>
      </div>
      <Link
        to="/pricing"
        className="inline-flex shrink-0 items-center justify-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        See Pro plans
      </Link>
    </section>
  );
}
