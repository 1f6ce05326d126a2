// The job registry's contract (decision 0049): a payload is checked against its job's schema before the
// handler runs, a bad one fails the job with a clear message, and every queue has exactly one job.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { QUEUES } from "./queue/queues.ts";
import { automationJobSchema, checkRegistry, defineJob, domainEventSchema, InvalidJobPayload, mailJobSchema, webhookJobSchema } from "./registry.server.ts";

const info = { id: "j1", name: "test.job", key: "k", attempt: 1 };

describe("defineJob", () => {
  it("hands the handler the parsed payload", async () => {
    const seen: unknown[] = [];
    const job = defineJob("test.job", z.object({ leadId: z.string() }), async (data) => {
      seen.push(data);
    });
    await job.run({ leadId: "l1" }, info);
    expect(seen).toEqual([{ leadId: "l1" }]);
  });

  it("fails a job whose payload does not match, naming the job and the field, without running the handler", async () => {
    let ran = false;
    const job = defineJob("test.job", z.object({ leadId: z.string() }), async () => {
      ran = true;
    });
    const failure = job.run({ lead: 1 }, info);
    await expect(failure).rejects.toBeInstanceOf(InvalidJobPayload);
    await expect(failure).rejects.toThrow(/^job test\.job: invalid payload \(leadId: /);
    await expect(job.run(null, info)).rejects.toThrow(/job test\.job: invalid payload/);
    expect(ran).toBe(false);
  });
});

describe("the payload schemas", () => {
  it("accept the payloads domain code writes and refuse broken ones", () => {
    expect(domainEventSchema.safeParse({ type: "lead.created", businessId: "b", leadId: "l" }).success).toBe(true);
    expect(domainEventSchema.safeParse({ type: "lead.created", businessId: "b" }).success).toBe(false);
    expect(domainEventSchema.safeParse({ type: "lead.exploded", businessId: "b", leadId: "l" }).success).toBe(false);
    expect(automationJobSchema.safeParse({ kind: "step", businessId: "b", runId: "r" }).success).toBe(true);
    expect(automationJobSchema.safeParse({ kind: "step", businessId: "b" }).success).toBe(false);
    expect(mailJobSchema.safeParse({ kind: "lead-alert", message: { to: "a@b.example", subject: "S", text: "t", html: "<p>t</p>" } }).success).toBe(true);
    expect(mailJobSchema.safeParse({ kind: "lead-alert", message: { to: "a@b.example" } }).success).toBe(false);
    expect(webhookJobSchema.safeParse({ businessId: "b", endpointId: "e", event: "lead.created", body: "{}" }).success).toBe(true);
  });
});

describe("checkRegistry", () => {
  it("passes one job per queue and names what is missing, doubled or unknown", () => {
    const all = QUEUES.map((q) => ({ name: q.name }));
    expect(() => checkRegistry(all)).not.toThrow();
    expect(() => checkRegistry(all.slice(1))).toThrow(`no job for: ${QUEUES[0]!.name}`);
    expect(() => checkRegistry([...all, all[0]!])).toThrow(`registered twice: ${QUEUES[0]!.name}`);
    expect(() => checkRegistry([...all, { name: "nobody.queue" }])).toThrow("no queue for: nobody.queue");
  });
});
