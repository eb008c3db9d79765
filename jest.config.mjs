import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Two projects: components in jsdom, everything server-side (route handlers against a real
// PostgreSQL, domain code, pure rules) in node. The integration database is created by
// tests/helpers/global-setup.ts and dropped by global-teardown.ts.
const common = {
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/helpers/empty-module.ts",
    "^@/(.*)$": "<rootDir>/$1",
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

const serverConfig = await createJestConfig({
  ...common,
  displayName: "server",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/unit/**/*.test.ts", "<rootDir>/tests/integration/**/*.test.ts"],
  setupFiles: ["<rootDir>/tests/helpers/server-env.ts"],
})();

/** @type {import('jest').Config} */
const config = {
  projects: [componentConfig, serverConfig],
  globalSetup: "<rootDir>/tests/helpers/global-setup.ts",
  globalTeardown: "<rootDir>/tests/helpers/global-teardown.ts",
  testTimeout: 30_000,
  maxWorkers: 2,
};

export default config;
