// The kit's stylesheets (style-loader adds them with the page's CSP nonce; jest maps them to a proxy).
declare module '*.css';
