import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@primereact-css/themes/lara-light-blue/theme.css';
import '@primereact-css/primereact.min.css';
import 'primeicons/primeicons.css';
import './fonts.css';
import './styles.css';
import { App } from './App';

// No PrimeReact here: the sign-in page is plain HTML in the theme's classes, and PrimeReact's
// code (with its CSP nonce, primereact-nonce.ts) arrives with the signed-in console.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
