// Stylesheets are imported for their effect (style-loader adds them with the page's CSP nonce).
declare module '*.css';
