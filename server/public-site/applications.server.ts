// Stores a job application: the résumé (checked by content) under DATA_DIR/uploads/resumes with a
// random name, the row in JobApplication, and an e-mail to the team address (CONTACT_EMAIL).
import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AppServices } from "../services.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { jobApplicationEmail } from "../mail/templates/templates.ts";
import { JOB_POSITIONS, RESUME_CONTENT_ERROR, RESUME_MAX_BYTES, RESUME_SIZE_ERROR, RESUME_TYPE_ERROR, resumeKindFromName, type ApplicationInput } from "../shared/public-site/careers.ts";
import { detectResumeKind, RESUME_CONTENT_TYPES } from "./resume-check.ts";
import { hashIp, storeWithinLimit, underLimit, windowStart } from "./submission-limit.server.ts";

export type ResumeUpload = { fileName: string; bytes: Uint8Array };
export type ApplicationSubmission =
  | { ok: true; id: string }
  | { ok: false; reason: "rate_limited" }
  | { ok: false; reason: "invalid_resume"; message: string };

export function resumesDir(dataDir: string): string {
  return path.resolve(dataDir, "uploads", "resumes");
}

/** Null when the file is an accepted résumé whose content matches its name; otherwise the message. */
export function checkResume(upload: ResumeUpload): string | null {
  const claimed = resumeKindFromName(upload.fileName);
  if (!claimed) return RESUME_TYPE_ERROR;
  if (upload.bytes.byteLength > RESUME_MAX_BYTES) return RESUME_SIZE_ERROR;
  const actual = detectResumeKind(upload.bytes);
  return actual === claimed ? null : RESUME_CONTENT_ERROR;
}

export async function submitJobApplication(
  services: Pick<AppServices, "db" | "jobs" | "env">,
  input: ApplicationInput,
  resume: ResumeUpload,
  clientIp: string,
  now = new Date(),
): Promise<ApplicationSubmission> {
  const problem = checkResume(resume);
  if (problem) return { ok: false, reason: "invalid_resume", message: problem };
  const ipHash = hashIp(clientIp);
  const recentApplications = (tx: Pick<typeof services.db, "jobApplication">) =>
    tx.jobApplication.count({ where: { ipHash, createdAt: { gte: windowStart(now) } } });
  // A cheap look first, so an address over its limit writes no file; the count that decides is taken
  // again under the IP's lock, in the transaction that stores the application.
  if (!underLimit(await recentApplications(services.db))) return { ok: false, reason: "rate_limited" };

  const kind = resumeKindFromName(resume.fileName)!;
  const dir = resumesDir(services.env.DATA_DIR);
  const storedAs = `${randomUUID()}.${kind}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, storedAs), resume.bytes, { mode: 0o600, flag: "wx" });
  const position = JOB_POSITIONS.find((p) => p.id === input.position)!;
  let id: string | null;
  try {
    // The application and its e-mail to the team are written together (DESIGN §10): the job layer
    // retries the e-mail until it goes out, and it goes out once.
    id = await storeWithinLimit(services.db, ipHash, recentApplications, async (tx) => {
      const row = await tx.jobApplication.create({
        data: {
          position: input.position,
          name: input.name,
          email: input.email,
          coverLetter: input.coverLetter,
          // Only the base name, trimmed: it is shown to the team, never used as a path.
          resumeFileName: path.basename(resume.fileName).slice(0, 200),
          resumeStoredAs: storedAs,
          resumeType: RESUME_CONTENT_TYPES[kind],
          resumeBytes: resume.bytes.byteLength,
          ipHash,
        },
      });
      const rendered = await renderEmail(
        jobApplicationEmail({
          id: row.id,
          position: position.title,
          name: input.name,
          email: input.email,
          resume: `${path.basename(resume.fileName)} (${Math.ceil(resume.bytes.byteLength / 1024)} KB), stored as uploads/resumes/${storedAs}`,
          coverLetter: input.coverLetter,
        }),
      );
      await enqueueMail(services.jobs, tx, [
        { key: `application:${row.id}`, mail: { kind: "application", message: { to: services.env.CONTACT_EMAIL, replyTo: input.email, ...rendered } } },
      ]);
      return row.id;
    });
  } catch (error) {
    await rm(path.join(dir, storedAs), { force: true });
    throw error;
  }
  if (id === null) {
    await rm(path.join(dir, storedAs), { force: true });
    return { ok: false, reason: "rate_limited" };
  }
  return { ok: true, id };
}
