const { shellConfig } = require('@vot/shared/build');

module.exports = (_env, argv) => shellConfig({ dir: __dirname, mode: argv.mode });
