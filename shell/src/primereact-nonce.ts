import PrimeReact from 'primereact/api';

// PrimeReact's run-time <style> elements need the page's CSP nonce. It is set on the shared
// singleton's global settings, which every PrimeReact component reads (the shell's and the
// remotes', none of them under a provider), by each module that first draws PrimeReact: the
// signed-in layout, the initial-password page and the notices. Not at start-up: the sign-in page
// draws no PrimeReact, so its code is fetched only after sign-in (docs/decisions/0017).
PrimeReact.nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
