// `jest` at the root runs every browser package's tests; each package also runs alone (its own jest.config.cjs).
module.exports = {
  projects: ['<rootDir>/shared', '<rootDir>/shell', '<rootDir>/mfe-admin-data', '<rootDir>/mfe-volunteers', '<rootDir>/mfe-patients', '<rootDir>/mfe-vot', '<rootDir>/mfe-reports'],
};
