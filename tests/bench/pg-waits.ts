// What PostgreSQL's connections wait for while a benchmark runs (issue 28: lock waits, the commit's WAL
// flush): samples pg_stat_activity and the ungranted pg_locks of the scratch databases (`lb_…`) every
// 100 ms and prints, per sample on average, the backends running a statement by wait event and the lock
// waits by lock. Run it beside a bench on PostgreSQL, started once the bench's steady state begins:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx tests/bench/bot-latency.ts --businesses=1 &
//   sleep 45; npx tsx tests/bench/pg-waits.ts [--seconds=120] [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
// An `object` wait on pg_database/0, AccessExclusiveLock, is the lock every transaction that called
// NOTIFY takes at commit and holds until its commit is flushed.
import pg from "pg";

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const seconds = Number(arg("seconds", "120"));
const adminUrl = arg("admin-url", "postgres://postgres@127.0.0.1:5432/postgres");

const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
const waits = new Map<string, number>();
const locks = new Map<string, number>();
let samples = 0;
let running = 0;
let waiting = 0;
let maxWaiting = 0;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  const activity = await client.query<{ event: string }>(
    `SELECT coalesce(wait_event_type || '/' || wait_event, 'CPU') AS event FROM pg_stat_activity
      WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND datname LIKE 'lb\\_%' AND state = 'active'`,
  );
  const ungranted = await client.query<{ lock: string }>(
    `SELECT l.locktype || ':' || coalesce(c.relname, l.classid::regclass::text || '/' || l.objid || '/' || l.mode, l.mode) AS lock
       FROM pg_locks l LEFT JOIN pg_class c ON c.oid = l.relation WHERE NOT l.granted`,
  );
  samples += 1;
  running += activity.rows.length;
  for (const { event } of activity.rows) waits.set(event, (waits.get(event) ?? 0) + 1);
  waiting += ungranted.rows.length;
  maxWaiting = Math.max(maxWaiting, ungranted.rows.length);
  for (const { lock } of ungranted.rows) locks.set(lock, (locks.get(lock) ?? 0) + 1);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await client.end();

const per = (n: number) => (n / Math.max(1, samples)).toFixed(3);
console.log(`pg-waits: ${samples} samples over ${seconds} s; backends running a statement ${per(running)} per sample, ungranted locks ${per(waiting)} (at most ${maxWaiting})`);
for (const [event, n] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  running, ${event.padEnd(28)} ${per(n)}`);
for (const [lock, n] of [...locks].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  waiting for ${lock.padEnd(50)} ${per(n)}`);
