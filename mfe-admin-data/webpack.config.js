const { remoteConfig } = require('@vot/shared/build');

module.exports = (_env, argv) => remoteConfig({ dir: __dirname, name: 'admin_data', mode: argv.mode, port: 3001 });
