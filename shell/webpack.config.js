const { serviceWorkerConfig, shellConfig } = require('@vot/shared/build');

module.exports = (_env, argv) => {
  const shell = shellConfig({ dir: __dirname, mode: argv.mode });
  return shell.mode === 'production' ? [shell, serviceWorkerConfig({ dir: __dirname })] : shell;
};
