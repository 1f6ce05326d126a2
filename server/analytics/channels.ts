// Channel attribution (DESIGN §13): which marketing channel the page a conversation started on was
// reached from, classified from the page's campaign parameters (UTM, ad click ids) and the referrer's
// host. Pure; the table of cases is in channels.test.ts.
//
// Precedence: campaign parameters (the site owner tagged the link) → ad click ids → referrer host →
// direct. A referrer on the page's own site (navigation inside the site) or none at all is "direct":
// the widget keeps no storage, so the landing page's referrer of a visit is not remembered.

/** Channels of a conversation (from the page). */
export const WEB_CHANNELS = ["direct", "organic_search", "paid", "social", "referral", "email"] as const;
export type WebChannel = (typeof WEB_CHANNELS)[number];

/** Labels shown on the Analytics page and in its export. Any other channel (a lead source) is its own name, capitalised. */
export const CHANNEL_LABELS: Record<string, string> = {
  direct: "Direct",
  organic_search: "Organic search",
  paid: "Paid",
  social: "Social",
  referral: "Referral",
  email: "Email",
  manual: "Manual",
  api: "API",
  import: "Import",
  outreach: "Outreach",
};

export function channelLabel(channel: string): string {
  return CHANNEL_LABELS[channel] ?? channel.charAt(0).toUpperCase() + channel.slice(1);
}

/**
 * The channel of a lead: a chatbot lead carries its conversation's channel (direct without one); any
 * other source (manual, api, import, outreach, …) is a channel of its own name. The database trigger
 * "Lead_channel" applies the same rule to every insert.
 */
export function leadChannel(source: string, conversationChannel: string | null | undefined): string {
  return source === "chatbot" ? (conversationChannel ?? "direct") : source;
}

const SEARCH_ENGINES = [
  "google",
  "bing.com",
  "duckduckgo.com",
  "yahoo",
  "yandex",
  "baidu.com",
  "ecosia.org",
  "search.brave.com",
  "startpage.com",
  "ask.com",
  "aol.com",
  "naver.com",
  "seznam.cz",
  "qwant.com",
];
const SOCIAL_SITES = [
  "facebook.com",
  "fb.com",
  "fb.me",
  "instagram.com",
  "linkedin.com",
  "lnkd.in",
  "t.co",
  "twitter.com",
  "x.com",
  "pinterest",
  "reddit.com",
  "youtube.com",
  "youtu.be",
  "tiktok.com",
  "nextdoor.com",
  "threads.net",
  "bsky.app",
  "whatsapp.com",
  "wa.me",
  "snapchat.com",
  "tumblr.com",
  "quora.com",
  "messenger.com",
];
const WEBMAIL_SITES = ["mail.google.com", "outlook.live.com", "outlook.office.com", "outlook.office365.com", "mail.yahoo.com", "mail.aol.com", "webmail", "mail.proton.me", "mail.zoho.com"];

/** Bare names used as utm_source values ("google", "facebook", "newsletter"). */
const SEARCH_SOURCES = ["google", "bing", "duckduckgo", "yahoo", "yandex", "baidu", "ecosia", "brave", "startpage"];
const SOCIAL_SOURCES = ["facebook", "fb", "instagram", "ig", "linkedin", "twitter", "x", "pinterest", "reddit", "youtube", "tiktok", "nextdoor", "threads", "whatsapp"];
const EMAIL_SOURCES = ["email", "e-mail", "newsletter", "mailchimp", "sendgrid", "klaviyo", "hubspot-email", "campaign-monitor"];

const PAID_MEDIUMS = /^(cpc|ppc|cpm|cpv|cpa|cpp|paid|paid[-_ ]?(search|social|media|ads?)|display|banner|retargeting|remarketing|ads?|adwords|sem|shopping)$/;
const EMAIL_MEDIUMS = /^(e[-_ ]?mail|newsletter|mailing)$/;
const SOCIAL_MEDIUMS = /^(social|social[-_ ]?(network|media|post)|sm|organic[-_ ]?social|sns)$/;
const SEARCH_MEDIUMS = /^(organic|seo|organic[-_ ]?search)$/;
const PAID_CLICK_IDS = ["gclid", "gbraid", "wbraid", "dclid", "msclkid", "ttclid", "li_fat_id", "twclid"];

/** The host of a URL in lower case without "www.", or null when it is not an http(s) URL. */
function hostOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Whether the host is one of the sites: the name itself or a subdomain; names without a dot match a label ("google" matches google.co.uk). */
function hostIsOneOf(host: string, sites: string[]): boolean {
  const labels = host.split(".");
  return sites.some((site) => (site.includes(".") ? host === site || host.endsWith(`.${site}`) : labels.includes(site)));
}

function fromReferrerHost(host: string): WebChannel {
  if (hostIsOneOf(host, WEBMAIL_SITES)) return "email";
  if (hostIsOneOf(host, SEARCH_ENGINES)) return "organic_search";
  if (hostIsOneOf(host, SOCIAL_SITES)) return "social";
  return "referral";
}

function fromSourceName(source: string): WebChannel {
  const host = hostOf(source.includes("://") ? source : `https://${source}`);
  if (EMAIL_SOURCES.includes(source)) return "email";
  if (SEARCH_SOURCES.includes(source)) return "organic_search";
  if (SOCIAL_SOURCES.includes(source)) return "social";
  return host && host.includes(".") ? fromReferrerHost(host) : "referral";
}

/**
 * The channel of a page view: from `pageUrl`'s query (utm_medium, utm_source, ad click ids) and the
 * referrer (a URL or an origin). Anything unparsable counts as absent.
 */
export function classifyChannel(input: { pageUrl?: string | null; referrer?: string | null }): WebChannel {
  let params: URLSearchParams | null = null;
  let pageHost: string | null = null;
  if (input.pageUrl) {
    try {
      const url = new URL(input.pageUrl);
      params = url.searchParams;
      pageHost = url.hostname.toLowerCase().replace(/^www\./, "");
    } catch {
      params = null;
    }
  }
  const medium = params?.get("utm_medium")?.trim().toLowerCase() ?? "";
  const source = params?.get("utm_source")?.trim().toLowerCase() ?? "";
  if (medium) {
    if (PAID_MEDIUMS.test(medium)) return "paid";
    if (EMAIL_MEDIUMS.test(medium)) return "email";
    if (SOCIAL_MEDIUMS.test(medium)) return "social";
    if (SEARCH_MEDIUMS.test(medium)) return "organic_search";
    if (medium === "referral") return "referral";
  }
  if (params && PAID_CLICK_IDS.some((id) => params.has(id))) return "paid";
  if (source) return fromSourceName(source);
  if (medium) return "referral";
  if (params?.has("fbclid")) return "social";
  const referrerHost = hostOf(input.referrer);
  if (!referrerHost || referrerHost === pageHost) return "direct";
  return fromReferrerHost(referrerHost);
}
