// PrimeReact's Toast with the page's CSP nonce set before it draws (Notices fetches this with the first notice).
import '../primereact-nonce';
import '../console-styles';

export { Toast as default } from 'primereact/toast';
