import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Two projects: components in jsdom, everything server-side (route handlers against a real
// PostgreSQL, domain code, pure rules) in node. The integration database is created by
// tests/helpers/global-setup.ts and dropped by global-teardown.ts.
const common = {
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/helpers/empty-module.ts",
    "^@/(.*)$": "<rootDir>/$1",
    // The generated Prisma client loads its WASM query compiler with import() of .mjs files; jest
    // runs test code as CommonJS, so point it at the CommonJS builds of the same files.
    "^@prisma/client/runtime/(query_compiler_bg\\.postgresql(?:\\.wasm-base64)?)\\.mjs$": "<rootDir>/node_modules/@prisma/client/runtime/$1.js",
    // React Email's render loads react-dom/server with import(), which jest's CommonJS runtime
    // cannot run untransformed: use its ESM build, which next/jest compiles (next.config.mjs
    // transpilePackages), turning the import() into a require.
    "^@react-email/render$": "<rootDir>/node_modules/@react-email/render/dist/node/index.mjs",
  },
  testPathIgnorePatterns: ["<rootDir>/tests/e2e/", "<rootDir>/.next/", "<rootDir>/node_modules/"],
};

const componentConfig = await createJestConfig({
  ...common,
  displayName: "components",
  testEnvironment: "jsdom",
  setupFilesAfterEnv: ["<rootDir>/tests/helpers/jest-dom-setup.ts"],
  testMatch: ["<rootDir>/tests/components/**/*.test.tsx"],
})();

// Jest 30's default 'soft' clean-up of globals between test files recurses for ever when a later
// write reaches a soft-deleted data property (jestjs/jest#16044, #16443, fix #16210 unmerged): the
// Sentry SDK (error-reporting tests) writes __SENTRY__.version from its timers and crashed a worker
// in CI with "Maximum call stack size exceeded". The documented switch turns the clean-up off.
const NODE_ENV_OPTIONS = { globalsCleanup: "off" };

// Tests that change platform-wide state (system settings such as maintenance mode or paused
// sign-ups) are named *.serial.test.ts: `npm test` runs them alone, in band, after the parallel run,
// so they never pull the rug from under another worker's test.
const serialOnly = process.env.JEST_SERIAL === "1";
const serverConfig = await createJestConfig({
  ...common,
  displayName: "server",
  testEnvironment: "node",
  testMatch: serialOnly
    ? ["<rootDir>/tests/integration/**/*.serial.test.ts"]
    : ["<rootDir>/tests/unit/**/*.test.ts", "<rootDir>/tests/integration/**/*.test.ts"],
  testPathIgnorePatterns: serialOnly ? common.testPathIgnorePatterns : [...common.testPathIgnorePatterns, "\\.serial\\.test\\.ts$"],
  setupFiles: ["<rootDir>/tests/helpers/server-env.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/helpers/server-after-env.ts"],
  testEnvironmentOptions: NODE_ENV_OPTIONS,
})();

// The security suite (issue 11) attacks the whole API and takes minutes: it runs only under
// `npm run test:security` (JEST_SECURITY=1), never under `npm test`. Same node environment and
// database harness as the server project; its own global setup adds a fresh counters file and its
// reporter prints the counts and fails the run on any leak, 5xx or lost write.
const securityOnly = process.env.JEST_SECURITY === "1";
const securityConfig = await createJestConfig({
  ...common,
  displayName: "security",
  testEnvironment: "node",
  testMatch: serialOnly ? ["<rootDir>/tests/security/**/*.serial.test.ts"] : ["<rootDir>/tests/security/**/*.test.ts"],
  testPathIgnorePatterns: serialOnly ? common.testPathIgnorePatterns : [...common.testPathIgnorePatterns, "\\.serial\\.test\\.ts$"],
  setupFiles: ["<rootDir>/tests/helpers/server-env.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/helpers/server-after-env.ts"],
  testEnvironmentOptions: NODE_ENV_OPTIONS,
})();

/** @type {import('jest').Config} */
const config = securityOnly
  ? {
      projects: [securityConfig],
      globalSetup: "<rootDir>/tests/security/support/global-setup.ts",
      globalTeardown: "<rootDir>/tests/helpers/global-teardown.ts",
      reporters: ["default", "<rootDir>/tests/security/support/reporter.mjs"],
      testTimeout: 120_000,
      maxWorkers: 2,
    }
  : {
      projects: serialOnly ? [serverConfig] : [componentConfig, serverConfig],
      globalSetup: "<rootDir>/tests/helpers/global-setup.ts",
      globalTeardown: "<rootDir>/tests/helpers/global-teardown.ts",
      testTimeout: 30_000,
      maxWorkers: 2,
    };

export default config;
