// Stores, replaces, removes and reads business logos under DATA_DIR/uploads/logos, each with a random
// name. The database row names the current file; a replaced or removed logo's file is deleted.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client.server.ts";
import { refuse, type DomainFailure } from "../shared/forms/action-result.ts";
import type { Logger } from "../shared/logger.ts";
import { LOGO_FILE_NAME, LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_TYPES, sniffLogoType, type LogoExtension } from "../shared/businesses/logo-type.ts";

export type LogoDeps = { db: Db; dataDir: string; logger: Logger };

export function logosDir(dataDir: string): string {
  return path.resolve(dataDir, "uploads", "logos");
}

/** Where the app serves a stored logo (dashboard/app/routes/uploads.logos.$file.tsx). */
export function logoUrl(fileName: string): string {
  return `/uploads/logos/${fileName}`;
}

async function deleteQuietly(deps: LogoDeps, fileName: string): Promise<void> {
  if (!LOGO_FILE_NAME.test(fileName)) return;
  try {
    await unlink(path.join(logosDir(deps.dataDir), fileName));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") deps.logger.warn(`[logos] could not delete ${fileName}`, error);
  }
}

export type LogoResult = { ok: true; url: string | null } | DomainFailure;

/** Validates (size, then content type by magic bytes), stores the file and points the business at it. */
export async function storeLogo(deps: LogoDeps, businessId: string, file: unknown): Promise<LogoResult> {
  if (!(file instanceof Blob) || file.size === 0) return refuse("invalid", LOGO_MESSAGES.missing);
  if (file.size > LOGO_MAX_BYTES) return refuse("too_large", LOGO_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffLogoType(bytes);
  if (!type) return refuse("invalid", LOGO_MESSAGES.wrongType);

  const business = await deps.db.business.findUnique({ where: { id: businessId }, select: { logoPath: true } });
  if (!business) return refuse("not_found", "Not found");

  const fileName = `${randomBytes(24).toString("base64url")}.${type}`;
  await mkdir(logosDir(deps.dataDir), { recursive: true });
  await writeFile(path.join(logosDir(deps.dataDir), fileName), bytes, { flag: "wx" });
  // Only if nobody replaced the logo meanwhile; otherwise our file is dropped and the caller retries.
  const updated = await deps.db.business
    .updateMany({ where: { id: businessId, logoPath: business.logoPath }, data: { logoPath: fileName } })
    .catch(async (error: unknown) => {
      await deleteQuietly(deps, fileName);
      throw error;
    });
  if (updated.count !== 1) {
    await deleteQuietly(deps, fileName);
    return refuse("conflict", "The logo changed meanwhile. Please try again.");
  }
  if (business.logoPath) await deleteQuietly(deps, business.logoPath);
  return { ok: true, url: logoUrl(fileName) };
}

export async function removeLogo(deps: LogoDeps, businessId: string): Promise<LogoResult> {
  const business = await deps.db.business.findUnique({ where: { id: businessId }, select: { logoPath: true } });
  if (!business) return refuse("not_found", "Not found");
  if (!business.logoPath) return { ok: true, url: null };
  await deps.db.business.updateMany({ where: { id: businessId, logoPath: business.logoPath }, data: { logoPath: null } });
  await deleteQuietly(deps, business.logoPath);
  return { ok: true, url: null };
}

/** A stored logo's bytes and Content-Type, or null (unknown or malformed name). */
export async function readLogo(
  dataDir: string,
  fileName: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!LOGO_FILE_NAME.test(fileName)) return null;
  const extension = fileName.slice(fileName.lastIndexOf(".") + 1) as LogoExtension;
  try {
    const bytes = await readFile(path.join(logosDir(dataDir), fileName));
    return { bytes, contentType: LOGO_TYPES[extension] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
