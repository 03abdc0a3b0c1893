declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css';
// The part of a stylesheet the sign-in page's classes use (shared/build/css-subset-loader.cjs).
declare module '*.css?sign-in';
declare const __SHELL_VERSION__: string;
