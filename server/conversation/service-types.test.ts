// Service types from the visitor's words (spec §3 types): specific places before generic ones,
// whole words only.
import { describe, expect, it } from "vitest";
import { matchServiceType } from "./service-types.ts";

const SPEC_TYPES = ["Regular Commercial Cleaning", "Post-construction", "Industrial", "Medical Facility", "Educational Facility", "Move-in/Move-out"];

describe("matchServiceType with the spec's service types", () => {
  it.each([
    ["We need our dental office cleaned", "Medical Facility"],
    ["a dentist", "Medical Facility"],
    ["our dentists' practice", "Medical Facility"],
    ["two clinics downtown", "Medical Facility"],
    ["a clinc", "Medical Facility"],
    ["a doctor's office", "Medical Facility"],
    ["doctors office on main st", "Medical Facility"],
    ["medical offices", "Medical Facility"],
    ["the hospital wing", "Medical Facility"],
    ["a veterinary practice", "Medical Facility"],
    ["vet clinic", "Medical Facility"],
    ["our lab", "Medical Facility"],
    ["a GP surgery", "Medical Facility"],
    ["the school office", "Educational Facility"],
    ["schools in the district", "Educational Facility"],
    ["a shcool", "Educational Facility"],
    ["college dorms", "Educational Facility"],
    ["university campus", "Educational Facility"],
    ["our daycare", "Educational Facility"],
    ["day care centre", "Educational Facility"],
    ["classrooms and halls", "Educational Facility"],
    ["a 20k sq ft warehouse", "Industrial"],
    ["warehouses", "Industrial"],
    ["our factory floor", "Industrial"],
    ["a manufacturing plant", "Industrial"],
    ["distribution centre", "Industrial"],
    ["distribution center", "Industrial"],
    ["new build offices", "Post-construction"],
    ["after the renovation", "Post-construction"],
    ["construction cleanup", "Post-construction"],
    ["our contractor is finishing up", "Post-construction"],
    ["move-out clean", "Move-in/Move-out"],
    ["move in cleaning", "Move-in/Move-out"],
    ["tenant leaving next week", "Move-in/Move-out"],
    ["end of lease clean", "Move-in/Move-out"],
    ["office cleaning", "Regular Commercial Cleaning"],
    ["retail store", "Regular Commercial Cleaning"],
    ["a restaurant", "Regular Commercial Cleaning"],
    ["our gym", "Regular Commercial Cleaning"],
    ["janitorial", "Regular Commercial Cleaning"],
    ["an assisted living facility", "Medical Facility"],
    ["our pediatric practice", "Medical Facility"],
    ["physical therapy clinic rooms", "Medical Facility"],
    ["an imaging center", "Medical Facility"],
    ["urgent care", "Medical Facility"],
    ["a montessori", "Educational Facility"],
    ["the dorms", "Educational Facility"],
    ["learning centre", "Educational Facility"],
    ["cold storage facility", "Industrial"],
    ["a brewery", "Industrial"],
    ["food processing", "Industrial"],
    ["data center", "Industrial"],
    ["the loading docks", "Industrial"],
    ["a paper mill", "Industrial"],
    ["construction site cleanup", "Post-construction"],
    ["punch list clean", "Post-construction"],
    ["drywall dust everywhere", "Post-construction"],
    ["new tenants arriving", "Move-in/Move-out"],
    ["move-out inspection", "Move-in/Move-out"],
    ["Medical Facility", "Medical Facility"],
    ["INDUSTRIAL", "Industrial"],
  ])("%j → %s", (text, type) => {
    expect(matchServiceType(text, SPEC_TYPES)).toBe(type);
  });

  it.each([
    "labrador retriever grooming",
    "collaboration space",
    "plants in the lobby need watering",
    "postal sorting",
    "removal of graffiti",
    "schooling fish tank",
    "a vetted team",
    "a million square feet",
    "dormant account",
  ])("does not match a type inside another word: %j", (text) => {
    const matched = matchServiceType(text, SPEC_TYPES);
    expect(matched === null || matched === "Regular Commercial Cleaning").toBe(true);
  });

  it("matches none for words of no kind", () => {
    expect(matchServiceType("window washing", SPEC_TYPES)).toBeNull();
    expect(matchServiceType("labrador grooming", SPEC_TYPES)).toBeNull();
    expect(matchServiceType("postal sorting", SPEC_TYPES)).toBeNull();
    expect(matchServiceType("collaborative schooling", SPEC_TYPES)).toBeNull();
  });
});

describe("matchServiceType with the business's own types", () => {
  it("falls back to the business's types: a medical place without a medical type is an office clean", () => {
    expect(matchServiceType("our dental office", ["Office Cleaning", "Carpet Care"])).toBe("Office Cleaning");
  });

  it("matches a distinctive word of a custom type, plural included", () => {
    expect(matchServiceType("just the carpets", ["Office Cleaning", "Carpet Care"])).toBe("Carpet Care");
  });

  it("prefers the specific kind the business offers over the generic office type", () => {
    expect(matchServiceType("a dental office", ["Office Cleaning", "Healthcare Cleaning"])).toBe("Healthcare Cleaning");
  });

  it("finds nothing when the business offers no type of that kind", () => {
    expect(matchServiceType("a warehouse", ["Office Cleaning"])).toBeNull();
  });
});
