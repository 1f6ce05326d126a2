import { describe, expect, it } from "vitest";
import { advanceLastSeq, isMessage, mergeMessages } from "./messages.ts";
import { msg } from "./test-support.ts";

describe("mergeMessages", () => {
  it("orders by seq whatever the arrival order", () => {
    const { messages, added } = mergeMessages([msg(2)], [msg(4), msg(1), msg(3)]);
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(added.map((m) => m.seq)).toEqual([1, 3, 4]);
  });

  it("keeps one message per id, the later copy winning", () => {
    const { messages, added } = mergeMessages([msg(1), msg(2)], [msg(2, { text: "final" }), msg(1)]);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.text).toBe("final");
    expect(added).toEqual([]);
  });

  it("keeps one message per clientMessageId", () => {
    const first = msg(3, { id: "a", role: "visitor", clientMessageId: "client-0001" });
    const again = msg(3, { id: "b", role: "visitor", clientMessageId: "client-0001" });
    const { messages, added } = mergeMessages([first], [again]);
    expect(messages.map((m) => m.id)).toEqual(["b"]);
    expect(added).toEqual([]);
  });

  it("ignores what is not a message and does not modify its input", () => {
    const current = [msg(1)];
    const { messages } = mergeMessages(current, [{ id: 5 } as never, null as never, msg(2)]);
    expect(messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(current).toHaveLength(1);
    expect(isMessage(msg(1))).toBe(true);
    expect(isMessage({ ...msg(1), seq: "1" })).toBe(false);
  });
});

describe("advanceLastSeq", () => {
  it("moves forward only over a gapless run", () => {
    expect(advanceLastSeq(0, [1, 2, 3])).toBe(3);
    expect(advanceLastSeq(2, [1, 2, 3, 5])).toBe(3);
    expect(advanceLastSeq(3, [5, 6])).toBe(3);
    expect(advanceLastSeq(3, [])).toBe(3);
  });
});
