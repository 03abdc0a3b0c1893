// pdfmake's standard-font containers ship without types: each is a TFontContainer (vfs + fonts).
declare module 'pdfmake/build/standard-fonts/Helvetica' {
  const container: import('pdfmake/interfaces').TFontContainer;
  export default container;
}
