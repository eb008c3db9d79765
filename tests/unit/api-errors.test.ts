import { z } from "zod";
import { ApiError, toErrorResponse, zodMessage } from "@/lib/errors/api-error";
import { errorMessage, errorStatus } from "@/lib/client/api";

describe("error conversion (one place, one shape)", () => {
  it("ApiError keeps its status and message", async () => {
    const res = toErrorResponse(new ApiError("conflict", "Already there"));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "Already there", error: { code: "conflict", message: "Already there" } });
  });

  it("zod errors become 400 with the first message; the spec's custom messages pass through unchanged", async () => {
    const schema = z.object({ name: z.string().min(2, "Name must be at least 2 characters"), age: z.number() });
    const custom = schema.safeParse({ name: "a", age: 1 });
    expect(zodMessage(custom.error!)).toBe("Name must be at least 2 characters");
    const wrongType = schema.safeParse({ name: "abc", age: "x" });
    expect(zodMessage(wrongType.error!)).toMatch(/^age: /);
    const res = toErrorResponse(custom.error);
    expect(res.status).toBe(400);
  });

  it("Prisma's not-found and unique violations map to 404 and 409; anything else to a generic 500", async () => {
    expect(toErrorResponse({ code: "P2025" }).status).toBe(404);
    expect(toErrorResponse({ code: "P2002" }).status).toBe(409);
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const res = toErrorResponse(new Error("secret internals"));
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("secret internals");
    spy.mockRestore();
  });
});

describe("client error messages (spec: '{status}: {body}')", () => {
  it("pulls the server's message out of the JSON body", () => {
    const err = new Error('401: {"message":"Invalid email or password","error":{"code":"unauthorized","message":"Invalid email or password"}}');
    expect(errorMessage(err)).toBe("Invalid email or password");
    expect(errorStatus(err)).toBe(401);
  });
  it("reads error.message and a string error too", () => {
    expect(errorMessage(new Error('500: {"error":{"message":"Failed to start upgrade"}}'))).toBe("Failed to start upgrade");
    expect(errorMessage(new Error('400: {"error":"Failed to downgrade subscription"}'))).toBe("Failed to downgrade subscription");
  });
  it("falls back to the plain text body, then the fallback", () => {
    expect(errorMessage(new Error("502: Bad Gateway"))).toBe("Bad Gateway");
    expect(errorMessage("nope", "Failed")).toBe("Failed");
  });
});
