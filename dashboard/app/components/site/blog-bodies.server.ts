// The text of each blog article (blog-articles.ts holds what the lists show). Server only: the article
// page's loader sends it as data, so no page ships every article's text as JavaScript.
import { BLOG_ARTICLES, type ArticleBlock, type BlogArticle, type BlogArticleWithBody } from "./blog-articles";

const BODIES: Record<BlogArticle["id"], ArticleBlock[]> = {
  "ai-revolution-cleaning": [
    { p: "A facility manager looking for a new cleaning vendor rarely picks up the phone first. They search, open three or four websites and send an inquiry to each. The company that answers first, with a sensible question about the building, usually gets the walk-through." },
    { h2: "Why speed decides the contract" },
    { p: "Most inquiries arrive outside office hours: in the evening, at weekends, or while the owner is on a site visit. A contact form that waits until Monday morning competes with companies that have already replied. An AI chatbot on your website answers in seconds, every time." },
    { h2: "What a good cleaning chatbot asks" },
    { p: "Speed is only half of it. A chatbot that just collects an e-mail address hands you another cold lead. A qualifying chatbot asks the questions an estimator would ask:" },
    { ul: ["What type of cleaning is needed: regular commercial, post-construction, medical, educational or industrial?", "How large is the space, roughly?", "How often should it be cleaned?", "What monthly budget is in mind?", "When should the service start?"] },
    { p: "With those answers it can score the lead: a 60,000 sq ft building cleaned daily, starting now, with a budget above market is worth a call tonight. A small office that wants a monthly clean in six months can wait for a follow-up e-mail." },
    { h2: "AI that knows when to stop" },
    { p: "The best results come from combining a dependable question flow with AI for the unexpected: understanding “about 12k sq ft, three nights a week”, answering a question about your service area, then steering back to the quote. LeadBroom does exactly this, and it works even without an AI provider configured, because the qualification rules are deterministic." },
    { h2: "Getting started" },
    { p: "Installing a chatbot takes one script tag. Set your business hours, service areas and market price, paste the snippet before the closing body tag of your site and watch the first scored leads arrive." },
  ],
  "lead-generation-strategies": [
    { p: "Commercial cleaning contracts are won by the companies that are easy to find, quick to respond and clear about what they offer. These ten strategies work for owner-operators and growing teams alike." },
    { h2: "Be found" },
    { ul: ["1. Claim and complete your business listings with service areas and photos of real work.", "2. Write one page per service (medical, post-construction, industrial) so buyers land on exactly what they searched for.", "3. Ask satisfied clients for reviews right after a successful inspection."] },
    { h2: "Convert visitors" },
    { ul: ["4. Put a qualifying chatbot on your site so no visitor leaves without a conversation.", "5. Show your response promise: “We reply within 24 hours” beats a bare form.", "6. Offer a free walk-through for buildings that fit your crews."] },
    { h2: "Reach out" },
    { ul: ["7. Build a list of property managers and office managers in your service area.", "8. Send short, specific e-mail sequences that mention their building type.", "9. Use LinkedIn to connect with facility managers before you call."] },
    { h2: "Follow up" },
    { ul: ["10. Call high-priority leads within the hour and set reminders for the rest. Most contracts are lost to silence, not to price."] },
    { p: "LeadBroom brings strategies 4, 6 and 10 together: the chatbot qualifies visitors, scores them, and your workspace reminds you who to call first. Cold outreach on the Pro plan covers 7 to 9." },
  ],
  "scaling-cleaning-business": [
    { p: "Growing a cleaning company usually means hiring cleaners first and office staff second. The office work grows anyway: more inquiries, more quotes, more follow-ups. Here is how owners keep it under control." },
    { h2: "Qualify before you quote" },
    { p: "A site visit costs an estimator an hour or two. Ask building size, frequency, budget and timeline before anyone gets in the car, and only walk through the buildings that fit." },
    { h2: "Let priorities decide the order" },
    { p: "When every inquiry looks equally urgent, the loudest one gets answered. A score out of 10 with High, Medium and Low bands gives the team one rule: high-priority leads within the hour, medium within four hours, low within a day." },
    { h2: "Automate the routine follow-up" },
    { p: "A first reply, a reminder three days later, a last check-in after a week: these e-mails are the same every time. Automations send them; people handle the conversations that need a person." },
    { h2: "Share the workspace" },
    { p: "Give support staff access to leads and conversations without access to billing or settings. Everyone sees the same live list, and nothing falls between two inboxes." },
    { p: "With the chatbot doing the first conversation and the workspace keeping the rest in order, the same office team can answer more inquiries without answering any of them later." },
  ],
  "chatbot-benefits": [
    { p: "A chatbot is often the cheapest member of a cleaning company's sales team. These are the seven benefits owners mention most." },
    { ul: [
      "It answers 24/7, including evenings and weekends when most facility managers research vendors.",
      "It replies in seconds, so you are the first company to respond.",
      "It asks the same qualification questions every time, so no detail is forgotten.",
      "It scores each lead out of 10, so you call the best ones first.",
      "It answers common questions about hours, services and service areas.",
      "It keeps a full transcript, so you know the building before you call.",
      "It costs less per month than a single missed contract.",
    ] },
    { h2: "What to look for" },
    { p: "Choose a chatbot built for service businesses: it should understand square footage and cleaning frequency, compare the budget with your market price and work on any website with a single script tag." },
    { p: "LeadBroom's chatbot does all of this and sends each qualified lead to your workspace the moment the conversation ends." },
  ],
  "commercial-cleaning-trends": [
    { p: "Buyers of commercial cleaning are asking different questions than they did a few years ago. These trends shape what wins contracts in 2025." },
    { h2: "Health and disinfection as a standard" },
    { p: "Disinfection of high-touch surfaces is no longer an add-on. Medical and educational facilities in particular expect documented procedures." },
    { h2: "Flexible, usage-based schedules" },
    { p: "Hybrid offices are not full every day. Buyers want schedules that follow occupancy: daily in busy areas, weekly elsewhere." },
    { h2: "Green products and certifications" },
    { p: "Low-toxicity products and recognised certifications increasingly appear in tenders, especially for schools and public buildings." },
    { h2: "Digital buying" },
    { p: "Facility managers expect to get a first answer online, at any hour, before they talk to anyone. Companies with instant, informative responses on their websites win the shortlist." },
    { h2: "Data-driven operations" },
    { p: "Owners who know their response times, conversion rates and revenue per lead source make better decisions about where to grow. Analytics are becoming as important as the cleaning itself." },
  ],
};

export function findArticle(id: string | undefined): BlogArticleWithBody | undefined {
  const article = BLOG_ARTICLES.find((a) => a.id === id);
  return article ? { ...article, body: BODIES[article.id] } : undefined;
}
