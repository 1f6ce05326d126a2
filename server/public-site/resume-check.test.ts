import { describe, expect, it } from "vitest";
import { docBytes, docxBytes, pdfBytes, zipBytes } from "../../tests/support/documents.ts";
import { checkResume } from "./applications.server.ts";
import { RESUME_CONTENT_ERROR, RESUME_MAX_BYTES, RESUME_SIZE_ERROR, RESUME_TYPE_ERROR } from "../shared/public-site/careers.ts";
import { detectResumeKind } from "./resume-check.ts";

describe("résumé content check", () => {
  it("recognises PDF, DOC and DOCX by their bytes", () => {
    expect(detectResumeKind(pdfBytes())).toBe("pdf");
    expect(detectResumeKind(docBytes())).toBe("doc");
    expect(detectResumeKind(docxBytes())).toBe("docx");
  });

  it("rejects a ZIP without word/ entries, text, and truncated data", () => {
    expect(detectResumeKind(zipBytes({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<x/>" }))).toBeNull();
    expect(detectResumeKind(new TextEncoder().encode("just some text"))).toBeNull();
    expect(detectResumeKind(docxBytes().subarray(0, 60))).toBeNull();
    expect(detectResumeKind(new Uint8Array(0))).toBeNull();
  });

  it("requires the content to match the name and the size limit", () => {
    expect(checkResume({ fileName: "cv.pdf", bytes: pdfBytes() })).toBeNull();
    expect(checkResume({ fileName: "CV.DOCX", bytes: docxBytes() })).toBeNull();
    expect(checkResume({ fileName: "cv.pdf", bytes: new TextEncoder().encode("MZ not a pdf") })).toBe(RESUME_CONTENT_ERROR);
    expect(checkResume({ fileName: "cv.doc", bytes: pdfBytes() })).toBe(RESUME_CONTENT_ERROR);
    expect(checkResume({ fileName: "cv.exe", bytes: pdfBytes() })).toBe(RESUME_TYPE_ERROR);
    expect(checkResume({ fileName: "pdf", bytes: pdfBytes() })).toBe(RESUME_TYPE_ERROR);
    const big = new Uint8Array(RESUME_MAX_BYTES + 1);
    big.set(pdfBytes());
    expect(checkResume({ fileName: "cv.pdf", bytes: big })).toBe(RESUME_SIZE_ERROR);
  });
});
