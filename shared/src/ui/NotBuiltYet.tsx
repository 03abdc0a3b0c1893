import { useLocation } from 'react-router-dom';

/** An honest page for routes whose screens are not built yet: no fake data, no fake forms. */
export function NotBuiltYet({ remote, version }: { remote: string; version: string }) {
  const { pathname } = useLocation();
  return (
    <section className="vot-not-built" aria-labelledby="not-built-title">
      <h2 id="not-built-title">Not built yet</h2>
      <p>
        The screen <code>{pathname}</code> belongs to the <strong>{remote}</strong> module, which is deployed and
        mounted but does not have this screen yet.
      </p>
      <p className="vot-muted">Module version {version}</p>
    </section>
  );
}
