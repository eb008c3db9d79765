// Provider modules read their keys when they load (lib/env.ts). A test of the "keys set" path
// loads them afresh, in an isolated module registry, with exactly the variables it names: the
// `cleared` names removed first (so nothing from a developer's .env leaks in), then `vars` set.
// The environment is restored afterwards. Import what reads the keys inside fn.
export async function withIsolatedEnv(cleared: readonly string[], vars: Record<string, string>, fn: () => Promise<void>) {
  const saved = { ...process.env };
  for (const name of cleared) delete process.env[name];
  Object.assign(process.env, vars);
  try {
    await jest.isolateModulesAsync(fn);
  } finally {
    process.env = saved;
  }
}

/** For a describe whose tests change process.env freely: puts it back as it was after each test. */
export function restoreEnvAfterEach() {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });
}
