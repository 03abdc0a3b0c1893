const { remoteConfig } = require('@vot/shared/build');

module.exports = (_env, argv) => remoteConfig({ dir: __dirname, name: 'reports', mode: argv.mode, port: 3005 });
