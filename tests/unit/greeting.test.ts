import { greetingFor, greetingLine } from "@/lib/rules/greeting";

describe("greeting rule (spec 1 section 2)", () => {
  it.each([
    [0, "good morning"],
    [11, "good morning"],
    [12, "good afternoon"],
    [17, "good afternoon"],
    [18, "good evening"],
    [23, "good evening"],
  ])("hour %i says %s", (hour, text) => expect(greetingFor(hour)).toBe(text));

  it("names the business, or 'superstar' without one", () => {
    expect(greetingLine(9, "The Daily Grind")).toBe("good morning, The Daily Grind");
    expect(greetingLine(20, "")).toBe("good evening, superstar");
    expect(greetingLine(13, null)).toBe("good afternoon, superstar");
  });
});
