// Images and fonts in component tests: their URL is all a component needs.
module.exports = 'test-file-stub';
