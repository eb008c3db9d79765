import { log } from "@/lib/log";

/** JSON log lines written while fn runs (the logger writes through process.stdout), at level info. */
export async function captureLogs<T>(fn: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const written: string[] = [];
  const level = log.level;
  log.level = "info";
  const spy = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    const result = await fn();
    const lines = written.join("").split("\n").filter((l) => l.startsWith("{"));
    return { result, lines: lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
  } finally {
    spy.mockRestore();
    log.level = level;
  }
}
