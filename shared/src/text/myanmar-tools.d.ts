// myanmar-tools ships CommonJS without types: the two classes this console uses, as its one export.
declare module 'myanmar-tools' {
  interface ZawgyiDetector {
    /** The probability (0 to 1) that the text is Zawgyi; -Infinity when it has no Myanmar characters. */
    getZawgyiProbability(text: string): number;
  }
  interface ZawgyiConverter {
    zawgyiToUnicode(text: string): string;
    unicodeToZawgyi(text: string): string;
  }
  const tools: {
    ZawgyiDetector: new () => ZawgyiDetector;
    ZawgyiConverter: new () => ZawgyiConverter;
  };
  export default tools;
}
