import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Only the rules of the theme, the icons and the shell's styles that the sign-in page's classes use
// (shared/build/css-subset-loader.cjs); the whole stylesheets come with the console
// (console-styles.ts). Fonts as they are: Burmese draws from the first page.
import '@primereact-css/themes/lara-light-blue/theme.css?sign-in';
import '@primereact-css/primereact.min.css?sign-in';
import 'primeicons/primeicons.css?sign-in';
import './fonts.css';
import './styles.css?sign-in';
import { App } from './App';

// No PrimeReact here: the sign-in page is plain HTML in the theme's classes, and PrimeReact's
// code (with its CSP nonce, primereact-nonce.ts) arrives with the signed-in console.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
