import { describe, expect, it } from "vitest";
import { channelLabel, classifyChannel, leadChannel, type WebChannel } from "./channels.ts";

const PAGE = "https://sparkle.example/quote";

// [page query, referrer, expected]
const CASES: [string, string, WebChannel][] = [
  ["", "", "direct"],
  ["", "https://sparkle.example/services", "direct"],
  ["", "https://www.sparkle.example/", "direct"],
  ["", "not a url", "direct"],
  ["", "android-app://com.google.android.gm/", "direct"],
  ["", "https://www.google.com/", "organic_search"],
  ["", "https://www.google.co.uk/", "organic_search"],
  ["", "https://www.bing.com/search?q=office+cleaning", "organic_search"],
  ["", "https://duckduckgo.com/", "organic_search"],
  ["", "https://search.yahoo.com/", "organic_search"],
  ["", "https://www.ecosia.org/", "organic_search"],
  ["", "https://search.brave.com/", "organic_search"],
  ["", "https://mail.google.com/", "email"],
  ["", "https://outlook.live.com/", "email"],
  ["", "https://www.facebook.com/", "social"],
  ["", "https://l.facebook.com/", "social"],
  ["", "https://t.co/", "social"],
  ["", "https://www.linkedin.com/", "social"],
  ["", "https://lnkd.in/", "social"],
  ["", "https://www.reddit.com/r/cleaning", "social"],
  ["", "https://nextdoor.com/", "social"],
  ["", "https://www.yelp.com/biz/sparkle", "referral"],
  ["", "https://chamber-of-commerce.example/members", "referral"],
  ["", "https://notgoogle.example/", "referral"],
  ["", "https://tx.com.example/", "referral"],
  ["?utm_source=google&utm_medium=cpc", "https://www.google.com/", "paid"],
  ["?utm_medium=PPC", "", "paid"],
  ["?utm_medium=paid_social&utm_source=facebook", "https://www.facebook.com/", "paid"],
  ["?utm_medium=display", "", "paid"],
  ["?gclid=abc123", "https://www.google.com/", "paid"],
  ["?msclkid=abc", "", "paid"],
  ["?utm_medium=email&utm_source=newsletter", "", "email"],
  ["?utm_medium=E-mail", "https://sparkle.example/", "email"],
  ["?utm_source=newsletter", "", "email"],
  ["?utm_medium=social&utm_source=linkedin", "", "social"],
  ["?utm_source=facebook", "", "social"],
  ["?fbclid=IwAR0", "https://l.facebook.com/", "social"],
  ["?fbclid=IwAR0", "", "social"],
  ["?utm_medium=organic&utm_source=bing", "", "organic_search"],
  ["?utm_source=google", "", "organic_search"],
  ["?utm_medium=referral&utm_source=yelp.com", "", "referral"],
  ["?utm_source=partner-site.example", "", "referral"],
  ["?utm_source=flyer", "", "referral"],
  ["?utm_medium=qr-code", "", "referral"],
  ["?utm_medium=flyer&utm_source=facebook", "", "social"],
  ["?page=2", "https://www.google.com/", "organic_search"],
  ["?utm_medium=", "", "direct"],
];

describe("classifyChannel", () => {
  it.each(CASES)("page %j, referrer %j → %s", (query, referrer, expected) => {
    expect(classifyChannel({ pageUrl: PAGE + query, referrer })).toBe(expected);
  });

  it("an absent or broken page address still classifies by the referrer", () => {
    expect(classifyChannel({})).toBe("direct");
    expect(classifyChannel({ pageUrl: "::", referrer: "https://www.google.com/" })).toBe("organic_search");
    expect(classifyChannel({ pageUrl: null, referrer: "https://www.yelp.com/" })).toBe("referral");
  });
});

describe("leadChannel", () => {
  it("chatbot leads inherit the conversation's channel, others carry their source", () => {
    expect(leadChannel("chatbot", "paid")).toBe("paid");
    expect(leadChannel("chatbot", null)).toBe("direct");
    expect(leadChannel("manual", "paid")).toBe("manual");
    expect(leadChannel("outreach", null)).toBe("outreach");
  });

  it("labels every channel", () => {
    expect(channelLabel("organic_search")).toBe("Organic search");
    expect(channelLabel("api")).toBe("API");
    expect(channelLabel("partners")).toBe("Partners");
  });
});
