// The downloadable guides and free PDFs of the Resources page (spec §2.10). Each PDF is built in the
// browser with jsPDF, which is imported only when a visitor clicks a download.

export type PdfSection = { heading: string; paragraphs?: string[]; bullets?: string[] };
export type PdfDocument = { id: string; fileName: string; title: string; subtitle: string; sections: PdfSection[] };

export const GUIDES: readonly PdfDocument[] = [
  {
    id: "lead-qualification-guide",
    fileName: "leadbroom-lead-qualification-guide.pdf",
    title: "The Complete Guide to Lead Qualification",
    subtitle: "For commercial cleaning companies",
    sections: [
      { heading: "Why qualify before you quote", paragraphs: ["A walk-through costs an estimator one to two hours. Qualifying each inquiry first means you only visit the buildings that fit your crews, your schedule and your prices."] },
      { heading: "The four questions that matter", bullets: ["Building size: how many square feet are cleaned?", "Frequency: daily, 2-3 times a week, weekly or less often?", "Budget: what monthly amount do they have in mind?", "Timeline: when should the service start?"] },
      { heading: "Scoring a lead out of 10", paragraphs: ["LeadBroom weighs building size 30%, frequency 25%, budget 25% and timeline 20%. Each factor scores 10, 8, 6 or 4 points.", "Score = 0.30 x size + 0.25 x frequency + 0.25 x budget + 0.20 x timeline, rounded to one decimal."] },
      { heading: "Priority bands", bullets: ["High (8-10): respond within 1 hour.", "Medium (6-7.9): respond within 4 hours.", "Low (below 6): respond within 24 hours."] },
      { heading: "Judging the budget", paragraphs: ["Expected monthly cost = size x your price per 1,000 sq ft per visit x visits a month (daily 22, 2-3 a week 10.8, weekly 4.33, bi-weekly 2.17). More than 10% above is above market, within 10% is at market, more than 10% below is below market."] },
    ],
  },
  {
    id: "chatbot-setup-guide",
    fileName: "leadbroom-chatbot-setup-guide.pdf",
    title: "Chatbot Setup Best Practices",
    subtitle: "Get the most out of your LeadBroom chatbot",
    sections: [
      { heading: "Write a welcome message that asks", paragraphs: ["End your welcome message with a question, such as \"What type of cleaning are you looking for?\". Visitors answer questions; they ignore greetings."] },
      { heading: "Keep it short", paragraphs: ["Use 3-5 qualification questions at most, then ask for name, company and the best e-mail or phone number."] },
      { heading: "Set your hours and after-hours response", paragraphs: ["The chatbot works 24/7. Outside your business hours it tells visitors when the team will call back, then keeps qualifying them."] },
      { heading: "List your service areas and services", paragraphs: ["The chatbot answers \"Do you cover ...?\" and \"Do you clean medical offices?\" from your settings, then returns to the quote."] },
      { heading: "Set your market price", paragraphs: ["Your price per 1,000 sq ft per visit lets the chatbot rate each budget as above, at or below market."] },
      { heading: "Install and test", bullets: ["Paste the snippet before the closing body tag of every page.", "Add your website under Allowed origins.", "Use Test Chatbot to try it; test leads are kept apart from real ones."] },
    ],
  },
];

export const FREE_DOWNLOADS: readonly PdfDocument[] = [
  {
    id: "lead-scoring-worksheet",
    fileName: "leadbroom-lead-scoring-worksheet.pdf",
    title: "Lead Scoring Worksheet",
    subtitle: "Score any inquiry in two minutes",
    sections: [
      { heading: "Building size (30%)", bullets: ["Over 50,000 sq ft: 10", "20,000-50,000 sq ft: 8", "5,000-19,999 sq ft: 6", "Under 5,000 sq ft: 4"] },
      { heading: "Frequency (25%)", bullets: ["Daily: 10", "2-3 times a week: 8", "Weekly: 6", "Bi-weekly or less: 4"] },
      { heading: "Budget (25%)", bullets: ["Above market: 10", "At market: 8", "Below market: 4"] },
      { heading: "Timeline (20%)", bullets: ["Immediate: 10", "Within 30 days: 8", "Within 90 days: 6", "Beyond 90 days: 4"] },
      { heading: "Your lead", paragraphs: ["Size ____ x 0.30 + Frequency ____ x 0.25 + Budget ____ x 0.25 + Timeline ____ x 0.20 = ____", "High 8-10 / Medium 6-7.9 / Low below 6"] },
    ],
  },
  {
    id: "follow-up-templates",
    fileName: "leadbroom-follow-up-email-templates.pdf",
    title: "Follow-up Email Templates",
    subtitle: "Three e-mails that win walk-throughs",
    sections: [
      { heading: "1. Same day", paragraphs: ["Subject: Your cleaning quote for {company}", "Hi {first name}, thanks for telling us about your {size} sq ft space. Based on {frequency} cleaning, we can start {timeline}. Could we visit this week for a quick walk-through?"] },
      { heading: "2. Three days later", paragraphs: ["Subject: Following up on {company}'s cleaning", "Hi {first name}, I wanted to check whether you had a chance to look at our proposal. Happy to answer any questions about scope or scheduling."] },
      { heading: "3. One week later", paragraphs: ["Subject: Still looking for a cleaning partner?", "Hi {first name}, if the timing isn't right, no problem. Reply with a better month and I'll reach out then."] },
    ],
  },
];

/** Builds the PDF in the browser and hands it to the browser as a download. */
export async function downloadPdf(document: PdfDocument, appUrl: string): Promise<void> {
  const { jsPDF } = await import("jspdf");
  const pdf = new jsPDF({ unit: "pt", format: "letter" });
  const margin = 56;
  const width = pdf.internal.pageSize.getWidth() - margin * 2;
  const bottom = pdf.internal.pageSize.getHeight() - margin;
  let y = margin;
  const write = (text: string, size: number, style: "normal" | "bold", gap: number, indent = 0) => {
    pdf.setFont("helvetica", style);
    pdf.setFontSize(size);
    const lines = pdf.splitTextToSize(text, width - indent) as string[];
    for (const line of lines) {
      if (y + size > bottom) {
        pdf.addPage();
        y = margin;
      }
      pdf.text(line, margin + indent, y + size);
      y += size * 1.35;
    }
    y += gap;
  };
  pdf.setProperties({ title: document.title, author: "LeadBroom", subject: document.subtitle });
  write("LeadBroom", 11, "bold", 6);
  write(document.title, 22, "bold", 4);
  write(document.subtitle, 12, "normal", 18);
  for (const section of document.sections) {
    write(section.heading, 14, "bold", 4);
    for (const paragraph of section.paragraphs ?? []) write(paragraph, 11, "normal", 6);
    for (const bullet of section.bullets ?? []) write(`\u2022 ${bullet}`, 11, "normal", 2, 8);
    y += 10;
  }
  write(`Start your 14-day free trial, no credit card required: ${appUrl}/register`, 10, "normal", 0);
  pdf.save(document.fileName);
}
