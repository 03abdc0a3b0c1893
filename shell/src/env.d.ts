declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css';
declare const __SHELL_VERSION__: string;
