import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 encodes with TextEncoder, which jsdom's global scope lacks.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks these; PrimeReact (matchMedia) and highcharts (CSS.supports) call them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!globalThis.CSS?.supports) {
  Object.defineProperty(globalThis, 'CSS', { value: { ...globalThis.CSS, supports: () => false }, configurable: true });
}
