// Stylesheets are imported for their effect (style-loader adds them with the page's CSP nonce).
declare module '*.css';
// A document a screen shows as text (webpack asset/source; jest.text-transform.cjs in tests).
declare module '*.md' {
  const text: string;
  export default text;
}
