// Removes the @font-face rules of a CSS file (PrimeReact's theme declares Inter with every script,
// 338 KiB), keeping its font-family names: the shell's fonts.css declares the same family from a
// Latin-only subset, and Burmese comes from the Myanmar font by unicode-range. The theme's :root
// font family goes too: fonts.css's (Inter, then Noto Sans Myanmar) is the page's whichever of the
// two stylesheets comes later (the sign-in page's start-up one, or the console's theme after it).
'use strict';

module.exports = function stripFontFaces(source) {
  return source
    .replace(/@font-face\s*\{[^}]*\}/g, '')
    .replace(/:root\s*\{[^}]*\}/g, (block) => block.replace(/\s*(?:--)?font-family\s*:[^;}]*;/g, ''));
};
