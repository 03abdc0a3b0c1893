// `jest` at the root runs every browser package's tests; each package also runs alone (its own jest.config.cjs).
module.exports = {
  projects: [
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/mfe-admin-data',
    '<rootDir>/mfe-volunteers',
    '<rootDir>/mfe-patients',
    '<rootDir>/mfe-vot',
    '<rootDir>/mfe-reports',
  ],
  // A global option: jest ignores it inside a project's configuration (jest.preset.cjs sets it for a
  // package run alone). Form journeys type many fields; on a busy 2-core machine 5 s is too tight.
  testTimeout: 20_000,
  // Jest's default leaves a core idle (cores - 1): on CI's two cores, one worker took 2.0 min and two 1.1.
  maxWorkers: '100%',
};
