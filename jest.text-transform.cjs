// A text file a screen imports (webpack's asset/source): its text as the module's default export.
module.exports = {
  process(source) {
    return { code: `module.exports = ${JSON.stringify(source)};` };
  },
};
