// The signed-in console's stylesheets, in the cascade order they were written for: PrimeReact's theme,
// its base rules and icons, then the shell's styles over them (the fonts, fonts.css, come with the
// sign-in page: the theme's own font family is taken out at build time). Imported by what draws
// PrimeReact's components (the console's layout, the notices' toast, the password change); the
// sign-in page has only the subset of these its own classes use (bootstrap.tsx, `?sign-in`).
import '@primereact-css/themes/lara-light-blue/theme.css';
import '@primereact-css/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
