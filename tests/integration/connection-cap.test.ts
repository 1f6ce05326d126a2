// Raw engine.io connections per client IP are capped (issue 13): ~20,000 idle connections from one IP
// that never joined a namespace once locked everyone out. Bounded and on loopback: the cap is 20 here.
import { Manager } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";

let server: TestServer;
const managers: Manager[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_CONNECTIONS_PER_IP: "20", SOCKET_CONNECT_TIMEOUT_MS: "1500" } });
});
afterAll(async () => {
  for (const m of managers) m.engine?.close();
  await server?.close();
});

/** Opens a raw engine.io connection that joins no namespace; resolves true when it opened, false when refused. */
function rawConnection(localAddress = "127.0.0.1"): Promise<{ opened: boolean; manager: Manager }> {
  const manager = new Manager(server.url, { transports: ["websocket"], reconnection: false, autoConnect: false, localAddress } as never);
  managers.push(manager);
  return new Promise((resolve) => manager.open((error) => resolve({ opened: !error, manager })));
}

function closed(manager: Manager): Promise<void> {
  return new Promise((resolve) => manager.engine.once("close", () => resolve()));
}

describe("engine.io connections per IP", () => {
  it("refuses connections over the cap, takes them again once some close, and counts each IP apart", async () => {
    const first = await Promise.all(Array.from({ length: 20 }, () => rawConnection()));
    expect(first.every((c) => c.opened)).toBe(true);
    const over = await Promise.all(Array.from({ length: 5 }, () => rawConnection()));
    expect(over.filter((c) => c.opened)).toHaveLength(0);

    // Another address is not affected (a visitor on another network).
    const visitor = new Visitor(server.url, { siteKey: "demo", localAddress: "127.0.0.9" });
    await visitor.connect();
    expect((await visitor.open()).ok).toBe(true);
    visitor.disconnect();

    // Two close: two may open again.
    const goodbye = first.slice(0, 2).map((c) => closed(c.manager));
    for (const c of first.slice(0, 2)) c.manager.engine.close();
    await Promise.all(goodbye);
    await expect.poll(async () => (await rawConnection()).opened).toBe(true);
  });

  it("closes a connection that joins no namespace within the connect timeout", async () => {
    const { opened, manager } = await rawConnection("127.0.0.5");
    expect(opened).toBe(true);
    await closed(manager); // waits for the event, not a fixed time
  });
});
