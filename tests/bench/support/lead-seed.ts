// Seeds a large lead set for the benchmarks in one SQL batch (multi-row INSERT … SELECT generate_series):
// `count` leads of one business with realistic names, companies, e-mail addresses and pipeline skew, one
// follow-up reminder each (a third of them open). Lead i is created i × 631 s before `anchor` (an SQL
// timestamp expression; default 2026-11-01, the leads page bench's fixed clock). `columns` sets more
// columns, each an SQL expression of g.i (lead i), in the same statement.
export function leadSeedSql(businessId: string, count: number, options: { anchor?: string; columns?: Record<string, string> } = {}): string {
  const anchor = options.anchor ?? "TIMESTAMP '2026-11-01 00:00:00'";
  const extra = Object.entries(options.columns ?? {});
  const extraNames = extra.map(([name]) => `,"${name}"`).join("");
  const extraValues = extra.map(([, value]) => `,\n  ${value}`).join("");
  const first = ["James", "Mary", "Robert", "Linda", "Michael", "Sarah", "David", "Karen", "Carlos", "Aisha", "Wei", "Priya", "Olga", "Tom", "Nora", "Ivan"];
  const last = ["Smith", "Johnson", "Garcia", "Chen", "Patel", "Brown", "Okafor", "Kim", "Rossi", "Novak", "Diaz", "Murphy", "Nguyen", "Silva", "Cohen", "Larsen"];
  const companyA = ["Harbor", "Summit", "Westfield", "Riverside", "Tech Park", "Greenway", "Brightside", "Oakwood", "Lakeshore", "Pinecrest", "Metro", "Northgate"];
  const companyB = ["Medical Center", "Office Suites", "Logistics", "Elementary School", "Dental", "Fitness Club", "Plaza", "Warehouse", "Labs", "Towers"];
  const arr = (values: string[]) => `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}])`;
  const b = businessId.replace(/'/g, "''");
  // Scores 4.0–10.0 in 0.1 steps, priority from the score bands; statuses and sources skewed like a real pipeline.
  return `
INSERT INTO "Lead" ("id","businessId","name","email","phone","company","serviceType","buildingSizeSqFt","frequency",
  "budgetMonthlyCents","timeline","score","priority","status","source","valueCents","createdAt","updatedAt"${extraNames})
SELECT 'benchlead' || g.i,
  '${b}',
  n.fname || ' ' || n.lname,
  lower(n.fname) || '.' || lower(n.lname) || '.lead' || g.i || '@example.com',
  '(555) ' || lpad((g.i % 1000)::text, 3, '0') || '-' || lpad((g.i % 10000)::text, 4, '0'),
  c.a || ' ' || c.b,
  'Regular Commercial Cleaning',
  1000 + (g.i * 37) % 90000,
  (ARRAY['daily','two_three_weekly','weekly','biweekly_or_less'])[1 + g.i % 4],
  50000 + (g.i * 131) % 2000000,
  (ARRAY['immediate','within_30_days','within_90_days','beyond_90_days'])[1 + g.i % 4],
  s.score,
  (CASE WHEN s.score >= 8 THEN 'high' WHEN s.score >= 6 THEN 'medium' ELSE 'low' END)::"LeadPriority",
  (ARRAY['new','new','new','contacted','contacted','qualified','proposal','won','lost','lost'])[1 + (g.i * 7) % 10]::"LeadStatus",
  (CASE WHEN g.i % 20 = 0 THEN 'manual' ELSE 'chatbot' END)::"LeadSource",
  CASE WHEN (g.i * 7) % 10 = 7 THEN 100000 + g.i ELSE NULL END,
  ${anchor} - make_interval(secs => (g.i::double precision * 631.0)),
  LEAST(${anchor}, ${anchor} - make_interval(secs => (g.i::double precision * 631.0)) + interval '2 days')${extraValues}
FROM generate_series(1, ${count}) AS g(i)
CROSS JOIN LATERAL (SELECT ${arr(first)}[1 + (g.i * 7) % ${first.length}] AS fname, ${arr(last)}[1 + (g.i * 11) % ${last.length}] AS lname) n
CROSS JOIN LATERAL (SELECT ${arr(companyA)}[1 + (g.i * 5) % ${companyA.length}] AS a, ${arr(companyB)}[1 + (g.i * 3) % ${companyB.length}] AS b) c
CROSS JOIN LATERAL (SELECT round((4.0 + ((g.i * 17) % 61) / 10.0)::numeric, 1)::double precision AS score) s;

INSERT INTO "Reminder" ("id","leadId","businessId","dueAt","note","completedAt","createdAt")
SELECT 'benchrem' || g.i, 'benchlead' || g.i, '${b}',
  ${anchor} - make_interval(secs => (g.i::double precision * 631.0)) + interval '4 hours',
  'Follow up',
  CASE WHEN g.i % 3 = 0 THEN NULL ELSE ${anchor} - make_interval(secs => (g.i::double precision * 600.0)) END,
  ${anchor}
FROM generate_series(1, ${count}) AS g(i);

ANALYZE "Lead";
ANALYZE "Reminder";
CHECKPOINT;
`;
}
