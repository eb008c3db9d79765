import { cardTypeOf, countCardTypes, filterCards } from "@/lib/cards/card-type";

describe("cardTypeOf", () => {
  it("maps created to Digital Max and fallback to Digital Core (spec 1 section 4)", () => {
    expect(cardTypeOf("created")).toMatchObject({ type: "max", label: "Digital Max", passFailed: false });
    expect(cardTypeOf("fallback")).toMatchObject({ type: "core", label: "Digital Core", passFailed: false });
  });

  it("treats a failed pass as Digital Core with a warning, and anything else as still setting up", () => {
    expect(cardTypeOf("failed")).toMatchObject({ type: "core", label: "Digital Core", passFailed: true });
    expect(cardTypeOf("failed").note).toMatch(/could not be created/);
    for (const status of ["pending", "", null, undefined, "something-new"]) {
      expect(cardTypeOf(status)).toMatchObject({ type: "pending", label: "Setting up" });
    }
  });
});

describe("countCardTypes", () => {
  it("counts every card in the total and each type in its counter", () => {
    const cards = ["created", "created", "fallback", "failed", "pending"].map((passkitStatus) => ({ passkitStatus }));
    expect(countCardTypes(cards)).toEqual({ total: 5, max: 2, core: 2 });
    expect(countCardTypes([])).toEqual({ total: 0, max: 0, core: 0 });
  });
});

describe("filterCards", () => {
  const cards = [
    { id: 1, customerName: "Sarah Jones-Brown", customerEmail: "sarah@example.com" },
    { id: 2, customerName: "John Smith", customerEmail: "JOHN.SMITH@Cafe.co.uk" },
    { id: 3, customerName: "Zoë Adams", customerEmail: "zoe@example.com" },
  ];

  it("matches name or email, ignoring case and surrounding spaces", () => {
    expect(filterCards(cards, "  SARAH ").map((c) => c.id)).toEqual([1]);
    expect(filterCards(cards, "cafe.CO").map((c) => c.id)).toEqual([2]);
    expect(filterCards(cards, "example.com").map((c) => c.id)).toEqual([1, 3]);
    expect(filterCards(cards, "zoë").map((c) => c.id)).toEqual([3]);
  });

  it("returns every card for an empty search and none for no match", () => {
    expect(filterCards(cards, "").map((c) => c.id)).toEqual([1, 2, 3]);
    expect(filterCards(cards, "   ")).toHaveLength(3);
    expect(filterCards(cards, "nobody")).toEqual([]);
  });
});
