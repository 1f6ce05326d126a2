import { describe, expect, it } from "vitest";
import { formBody } from "./form-body.ts";

describe("formBody", () => {
  it("URL-encodes text fields, repeated names and the submit button's value kept in order", async () => {
    const fields = new FormData();
    fields.append("intent", "save");
    fields.append("event", "high-lead");
    fields.append("event", "appointment-booked");
    const body = formBody(fields);
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(body.toString()).toBe("intent=save&event=high-lead&event=appointment-booked");
    // As a route reads it.
    const read = await new Request("http://x/", { method: "POST", body }).formData();
    expect(read.getAll("event")).toEqual(["high-lead", "appointment-booked"]);
  });

  it("posts multipart when a file is among the fields, the file's bytes and name included", async () => {
    const fields = new FormData();
    fields.append("intent", "import");
    fields.append("file", new File(["Full Name,Email\nAna,ana@example.com"], "prospects.csv", { type: "text/csv" }));
    const body = formBody(fields);
    expect(body).toBeInstanceOf(FormData);
    const read = await new Request("http://x/", { method: "POST", body }).formData();
    expect(read.get("intent")).toBe("import");
    const file = read.get("file") as File;
    expect(file.name).toBe("prospects.csv");
    expect(await file.text()).toBe("Full Name,Email\nAna,ana@example.com");
  });
});
