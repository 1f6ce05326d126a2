// Careers (spec §2.12, §3 Job position / Job application, §5, §9): the open positions and the
// application form's schema, shared by the page and the /api/careers route. Pure: no server imports.
import { z } from "zod";
import { requiredFirst, type ActionResult } from "../forms/action-result.ts";

export type JobPosition = {
  id: "sdr" | "marketing-manager" | "customer-success" | "product-designer";
  title: string;
  department: string;
  location: string;
  type: string;
  salaryRange: string;
  description: string;
  requirements: string[];
  responsibilities: string[];
};

export const JOB_POSITIONS: readonly JobPosition[] = [
  {
    id: "sdr",
    title: "Sales Development Representative",
    department: "Sales",
    location: "Remote (US)",
    type: "Full-time",
    salaryRange: "$45,000-$65,000",
    description:
      "Be the first conversation commercial cleaning owners have with LeadBroom. You will research janitorial and facility management companies, start conversations and book demos for our account executives.",
    requirements: [
      "1+ years in outbound sales, business development or customer-facing roles",
      "Clear, friendly writing and phone manner",
      "Comfort with a CRM and a disciplined daily routine",
      "Interest in small businesses and the trades; cleaning industry experience is a plus",
    ],
    responsibilities: [
      "Prospect commercial cleaning companies by email, phone and LinkedIn",
      "Qualify inbound trial sign-ups and demo requests",
      "Book discovery calls and hand over complete notes",
      "Share what you hear from owners with product and marketing",
    ],
  },
  {
    id: "marketing-manager",
    title: "Marketing Manager",
    department: "Marketing",
    location: "Remote (US)",
    type: "Full-time",
    salaryRange: "$70,000-$90,000",
    description:
      "Own how cleaning business owners discover LeadBroom: content, search, partnerships and the campaigns that fill our free-trial pipeline.",
    requirements: [
      "4+ years in B2B or SaaS marketing",
      "A portfolio of content or campaigns you planned and measured",
      "Working knowledge of SEO, e-mail marketing and analytics",
      "Able to turn customer interviews into clear messaging",
    ],
    responsibilities: [
      "Plan and run campaigns for trial sign-ups",
      "Write and commission articles, guides and case studies",
      "Grow organic search traffic to our public site",
      "Work with industry associations and trade shows",
    ],
  },
  {
    id: "customer-success",
    title: "Customer Success Manager",
    department: "Customer Success",
    location: "Remote (US)",
    type: "Full-time",
    salaryRange: "$60,000-$80,000",
    description:
      "Help cleaning companies get real contracts out of LeadBroom: onboarding, chatbot set-up reviews and regular check-ins that turn trials into long-term customers.",
    requirements: [
      "3+ years in customer success, account management or support for a software product",
      "Patient teacher who explains software to busy, non-technical owners",
      "Organised: you keep every account's next step up to date",
      "Basic comfort with websites (pasting a script tag should not scare you)",
    ],
    responsibilities: [
      "Onboard new accounts during their 14-day trial",
      "Review chatbot settings and lead scoring with customers",
      "Run quarterly business reviews with larger accounts",
      "Turn recurring questions into guides and product feedback",
    ],
  },
  {
    id: "product-designer",
    title: "Product Designer",
    department: "Product",
    location: "Remote (US)",
    type: "Full-time",
    salaryRange: "$80,000-$100,000",
    description:
      "Design the workspace owners open every morning and the chatbot their visitors talk to at midnight, from research to shipped interface.",
    requirements: [
      "4+ years designing web applications",
      "A portfolio showing research, interaction design and visual craft",
      "Experience with accessible, responsive interfaces",
      "Able to work closely with engineers on details",
    ],
    responsibilities: [
      "Interview customers and test prototypes with them",
      "Design new workspace features end to end",
      "Keep our design system consistent and accessible",
      "Improve the chatbot widget's conversation experience",
    ],
  },
] as const;

export const JOB_POSITION_IDS = JOB_POSITIONS.map((p) => p.id) as [JobPosition["id"], ...JobPosition["id"][]];

export const CAREERS_REQUIRED = "Please fill in all required fields";
export const RESUME_TYPE_ERROR = "Please upload your resume as a PDF, DOC or DOCX file.";
export const RESUME_SIZE_ERROR = "Your resume must be 5 MB or smaller.";
export const RESUME_CONTENT_ERROR = "This file does not look like a PDF, DOC or DOCX document. Please upload your resume again.";
export const CAREERS_FAILED = "There was an error submitting your application. Please try again.";
export const CAREERS_RATE_LIMITED = "You have sent several applications in a short time. Please try again later.";
export const CAREERS_SENT = "Thank you for applying! We'll review your application and get back to you soon.";
/** Spec §9: the confirmation shows for 3 seconds, then the modal closes and clears. */
export const CAREERS_CONFIRMATION_MS = 3000;

export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_EXTENSIONS = ["pdf", "doc", "docx"] as const;
export type ResumeKind = (typeof RESUME_EXTENSIONS)[number];
export const RESUME_ACCEPT = ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The extension of a file name, when it is one of the accepted kinds. */
export function resumeKindFromName(fileName: string): ResumeKind | null {
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  return (RESUME_EXTENSIONS as readonly string[]).includes(ext) && fileName.includes(".") ? (ext as ResumeKind) : null;
}

const required = (max: number) =>
  z.string({ error: CAREERS_REQUIRED }).trim().min(1, CAREERS_REQUIRED).max(max, `Please keep this field under ${max} characters.`);

/** The text fields of an application (the résumé file is checked separately). */
export const applicationSchema = z.object({
  position: z.enum(JOB_POSITION_IDS, { error: "Please choose one of the open positions." }),
  name: required(120),
  email: required(254).pipe(z.email("Please enter a valid email address.")),
  coverLetter: required(10000),
});

export type ApplicationInput = z.output<typeof applicationSchema>;
export type ApplicationField = keyof z.input<typeof applicationSchema> | "resume";
/** What /api/careers answers: the one action result shape (decision 0032). */
export type ApplicationResult = ActionResult<undefined, ApplicationField>;

/** Checks the résumé as the browser sees it (name and size); the server also checks its content. */
export function checkResumeMeta(file: { name: string; size: number } | null | undefined): string | null {
  if (!file || file.size === 0 || !file.name) return CAREERS_REQUIRED;
  if (!resumeKindFromName(file.name)) return RESUME_TYPE_ERROR;
  if (file.size > RESUME_MAX_BYTES) return RESUME_SIZE_ERROR;
  return null;
}

const isFile = (value: unknown): value is File =>
  typeof value === "object" && value !== null && typeof (value as File).name === "string" && typeof (value as File).size === "number";

/** The whole apply form, résumé included: the same schema in the modal (Conform) and in /api/careers. */
export const applicationFormSchema = applicationSchema.extend({
  resume: z.custom<File>().superRefine((file, ctx) => {
    const error = checkResumeMeta(isFile(file) ? file : null);
    if (error) ctx.addIssue({ code: "custom", message: error });
  }),
});

/** The form-level message: the spec's "fill in all required fields" when one is missing, else the first. */
export const applicationSummary = requiredFirst(CAREERS_REQUIRED);
