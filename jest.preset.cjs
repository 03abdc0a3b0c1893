// One jest project configuration for every browser package (shared, shell, remotes):
// TypeScript/TSX through @swc/jest, jsdom, CSS as identity maps, jest-dom matchers.
const path = require('node:path');

/** @returns {import('jest').Config} */
module.exports = function preset(rootDir, overrides = {}) {
  return {
    displayName: path.basename(rootDir),
    rootDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
      // Documents a screen shows (docs/figures.md): their text, as webpack's asset/source gives it.
      '\\.md$': path.join(__dirname, 'jest.text-transform.cjs'),
    },
    // jotai 3 ships ESM only; pnpm keeps packages under node_modules/.pnpm/<name>@<version>/node_modules/<name>.
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(jotai)/)'],
    moduleNameMapper: {
      '\\.(css|scss)(\\?.*)?$': require.resolve('identity-obj-proxy'),
      '\\.(svg|png|jpe?g|gif|woff2?)$': path.join(__dirname, 'jest.file-stub.cjs'),
    },
    // Form journeys type many fields; on a 2-core CI machine busy with other suites 5 s is too tight.
    testTimeout: 20_000,
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.ts')],
    ...overrides,
  };
};
