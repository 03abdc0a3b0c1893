import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import PrimeReact, { PrimeReactProvider } from 'primereact/api';
import '@primereact-css/themes/lara-light-blue/theme.css';
import '@primereact-css/primereact.min.css';
import 'primeicons/primeicons.css';
import './fonts.css';
import './styles.css';
import { App } from './App';

// PrimeReact's run-time <style> elements need the page's CSP nonce. Remotes render PrimeReact
// outside this provider, so the shared singleton's global setting carries it to them.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
PrimeReact.nonce = nonce;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PrimeReactProvider value={{ nonce }}>
      <App />
    </PrimeReactProvider>
  </StrictMode>,
);
