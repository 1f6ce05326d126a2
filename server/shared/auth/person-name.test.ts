import { describe, expect, it } from "vitest";
import { hasPersonName, memberInitials, memberLabel, personNameMessages, validateInitials, validatePersonName, visitorFacingName } from "./person-name.ts";

describe("validatePersonName", () => {
  it.each([
    ["  Maria   Lopez ", "Maria Lopez"],
    ["Zoë O'Neil-Ávila", "Zoë O'Neil-Ávila"],
    ["李小龙", "李小龙"],
    ["Maria\tLopez", "Maria Lopez"],
  ])("accepts %j as %j", (raw, name) => {
    expect(validatePersonName(raw)).toEqual({ ok: true, value: name });
  });

  it.each([
    ["", personNameMessages.enterName],
    ["   ", personNameMessages.enterName],
    [undefined, personNameMessages.enterName],
    ["12345", personNameMessages.nameNeedsLetter],
    ["x".repeat(81), personNameMessages.nameTooLong],
    ["maria@spotless.test", personNameMessages.nameIsEmail],
  ])("refuses %j", (raw, error) => {
    expect(validatePersonName(raw)).toEqual({ ok: false, error });
  });
});

describe("validateInitials", () => {
  it("empty means derive from the name; letters are upper-cased", () => {
    expect(validateInitials("")).toEqual({ ok: true, value: null });
    expect(validateInitials(" ml ")).toEqual({ ok: true, value: "ML" });
  });
  it.each(["ABCD", "M.L", "<b>"])("refuses %j", (raw) => {
    expect(validateInitials(raw)).toEqual({ ok: false, error: personNameMessages.initialsInvalid });
  });
});

describe("fallbacks for members without a name", () => {
  const nameless = { displayName: "", email: "maria.lopez@spotless.test" };
  it("the team sees the e-mail's local part, visitors see 'A team member', never the business name", () => {
    expect(hasPersonName(nameless)).toBe(false);
    expect(memberLabel(nameless)).toBe("maria.lopez");
    expect(memberInitials(nameless)).toBe("MA");
    expect(visitorFacingName(nameless)).toBe("A team member");
  });
  it("a named member with own initials", () => {
    const maria = { displayName: "Maria Lopez", email: "m@x.test", initials: "ML" };
    expect(memberLabel(maria)).toBe("Maria Lopez");
    expect(memberInitials({ ...maria, initials: "MJ" })).toBe("MJ");
    expect(memberInitials({ ...maria, initials: null })).toBe("ML");
    expect(visitorFacingName(maria)).toBe("Maria Lopez");
  });
});
