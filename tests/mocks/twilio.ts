// MSW handlers for the Twilio endpoint LeadBroom uses (Programmable Messaging: POST
// /2010-04-01/Accounts/{sid}/Messages.json), so the official `twilio` library runs unchanged against
// an in-memory Twilio. Tests read `requests` (the form fields, the Basic auth account, the
// idempotency token) and `messages` (accepted SMS); `set({ failure })` makes Twilio answer an error the
// way it does (JSON `{ code, message, more_info, status }`): `{ status: 400, code: 21211 }` for an
// invalid "To" number, `{ status: 500 }` for an outage. `reset()` restores the defaults.
import { http, HttpResponse } from "msw";

export const TWILIO_API = "https://api.twilio.com";

export type TwilioRequest = {
  accountSid: string;
  /** The account of the request's Basic auth (the library sends the SID and auth token). */
  authAccount: string | null;
  to: string;
  from: string;
  body: string;
  idempotencyToken: string | null;
};
export type TwilioFailure = { status: number; code?: number; message?: string };
export type TwilioMockBehaviour = { failure: TwilioFailure | null };

function basicAuthAccount(header: string | null): string | null {
  if (!header?.startsWith("Basic ")) return null;
  return Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? null;
}

export function createTwilioMock(initial: Partial<TwilioMockBehaviour> = {}) {
  let behaviour: TwilioMockBehaviour = { failure: null, ...initial };
  const requests: TwilioRequest[] = [];
  const messages: (TwilioRequest & { sid: string })[] = [];
  const handlers = [
    http.post(`${TWILIO_API}/2010-04-01/Accounts/:accountSid/Messages.json`, async ({ request, params }) => {
      const form = new URLSearchParams(await request.text());
      const recorded: TwilioRequest = {
        accountSid: String(params.accountSid),
        authAccount: basicAuthAccount(request.headers.get("authorization")),
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        idempotencyToken: request.headers.get("i-twilio-idempotency-token"),
      };
      requests.push(recorded);
      const failure = behaviour.failure;
      if (failure) {
        const code = failure.code ?? (failure.status >= 500 ? 20500 : 21211);
        const message = failure.message ?? (failure.status >= 500 ? "Internal Server Error" : `The 'To' number ${recorded.to} is not a valid phone number.`);
        return HttpResponse.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status: failure.status }, { status: failure.status });
      }
      if (!recorded.to || !recorded.from || !recorded.body) {
        return HttpResponse.json({ code: 21604, message: "A 'To', 'From' and 'Body' are required.", status: 400 }, { status: 400 });
      }
      const sid = `SM${String(messages.length + 1).padStart(32, "0")}`;
      messages.push({ ...recorded, sid });
      return HttpResponse.json(
        {
          sid,
          account_sid: recorded.accountSid,
          to: recorded.to,
          from: recorded.from,
          body: recorded.body,
          status: "queued",
          num_segments: "1",
          direction: "outbound-api",
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${recorded.accountSid}/Messages/${sid}.json`,
        },
        { status: 201 },
      );
    }),
  ];
  return {
    handlers,
    requests,
    messages,
    set(next: Partial<TwilioMockBehaviour>) {
      behaviour = { ...behaviour, ...next };
    },
    reset() {
      behaviour = { failure: null, ...initial };
      requests.length = 0;
      messages.length = 0;
    },
  };
}
