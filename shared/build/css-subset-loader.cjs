// Keeps of a stylesheet only what a page drawn in a known set of classes can use: the sign-in page
// is plain HTML in PrimeReact's classes (docs/decisions/0216), so it needs a few dozen of the theme's
// rules, not its 250 KB. Imported with a query naming the set (`theme.css?sign-in`): webpack keeps it
// apart from the whole file, which the signed-in console imports as it is.
//
// A rule stays when one of its selectors requires no class outside the set (element selectors, :root
// and * stay; a class in :not() is not required); its other selectors go. @keyframes stay when a kept rule animates with them; an
// at-rule left empty goes. Declarations are never changed, so what stays draws as before.
'use strict';

/** The classes drawn before the console's code: the sign-in form, the session check's pages, the spinner. */
const SETS = {
  'sign-in': [
    // LoginPage, LoginField, the kit's FieldFrame
    'vot-login',
    'vot-login-card',
    'vot-logos',
    'vot-login-error',
    'vot-login-submit',
    'vot-field',
    'vot-muted',
    'p-error',
    'p-component',
    'p-inputtext',
    'p-filled',
    'p-invalid',
    'p-button',
    'p-button-label',
    'p-disabled',
    'p-inline-message',
    'p-inline-message-error',
    'p-inline-message-icon',
    'p-inline-message-text',
    // The error's icon, and Retry's below (primeicons.css?sign-in: its font is fetched only when drawn)
    'pi',
    'pi-times-circle',
    // SessionGate: "Cannot reach the server" and its Retry, the initial password's Logout
    'vot-center-page',
    'p-button-icon',
    'p-button-icon-left',
    'p-button-link',
    'pi-refresh',
    // FullScreenSpinner
    'vot-fullscreen-spinner',
    'vot-spinner',
  ],
};

const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Whether an element drawn in `classes` can match: a class it must have is one of them (a class it must not have, in :not(), may be any). */
function usable(selector, classes) {
  const required = selector.replace(/:not\([^()]*\)/g, '');
  for (const [, name] of required.matchAll(CLASS)) if (!classes.has(name)) return false;
  return true;
}

/** The subset of `css` a page drawn in `classes` can use (postcss from the app's own dependencies). */
function subsetCss(postcss, css, classes) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
    const kept = rule.selectors.filter((s) => usable(s, classes));
    if (kept.length) rule.selectors = kept;
    else rule.remove();
  });
  const animated = new Set();
  root.walkDecls(/^(-webkit-)?animation(-name)?$/i, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) animated.add(word);
  });
  root.walkAtRules(/keyframes$/i, (at) => {
    if (!animated.has(at.params.trim())) at.remove();
  });
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        emptied = true;
      }
    });
  }
  root.walkComments((c) => c.remove());
  return root.toString();
}

module.exports = function cssSubset(source) {
  const name = this.resourceQuery.replace(/^\?/, '');
  const set = SETS[name];
  if (!set) throw new Error(`css-subset-loader: no class set named "${name}"`);
  const postcss = require(require.resolve('postcss', { paths: [this.rootContext] }));
  return subsetCss(postcss, source, new Set(set));
};
module.exports.subsetCss = subsetCss;
module.exports.SETS = SETS;
