// Removes the @font-face rules of a CSS file (PrimeReact's theme declares Inter with every script,
// 338 KiB), keeping its font-family names: the shell's fonts.css declares the same family from a
// Latin-only subset, and Burmese comes from the Myanmar font by unicode-range.
'use strict';

module.exports = function stripFontFaces(source) {
  return source.replace(/@font-face\s*\{[^}]*\}/g, '');
};
