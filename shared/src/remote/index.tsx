import { Component, StrictMode, Suspense, type ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Route, Router, Routes } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import type { RemotePage, RemoteProps } from '../contract';
import { FullScreenSpinner } from '@vot/shared/ui';

/** A route of the remote's table (RouteDecl): its path and its page. */
export interface RemoteRoute {
  path: string;
  page: RemotePage;
}

class RemoteErrorBoundary extends Component<{ remote: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) return <RemoteCrashed remote={this.props.remote} />;
    return this.props.children;
  }
}

function RemoteCrashed({ remote }: { remote: string }) {
  return (
    <section className="vot-module-unavailable" role="alert">
      <h2>This screen stopped working</h2>
      <p>The {remote} module hit an error. The rest of the console still works; reload the page to try again.</p>
    </section>
  );
}

/**
 * Single-spa lifecycles for a remote's `./app` (ARCHITECTURE.md §2): its own React root, following
 * the shell's router through the location and navigator props, with pages loaded lazily. `routes`
 * is the remote's route table (src/routes.ts); `version` is the remote's (from its own build's
 * DefinePlugin, not from this shared module, which the shell may be the one to provide).
 */
export function createRemoteApp(remote: string, routes: RemoteRoute[], version: string = 'dev') {
  function Root(props: RemoteProps) {
    return (
      <StrictMode>
        <RemoteErrorBoundary remote={remote}>
          <Router location={props.location} navigator={props.navigator}>
            {/* Which build of which remote drew the page, for whoever checks a deployment (no box of its own: display contents). */}
            <div className="vot-remote" data-remote={remote} data-version={version} style={{ display: 'contents' }}>
              <Suspense fallback={<FullScreenSpinner />}>
                <Routes>
                  {routes.map(({ path, page: Page }) => (
                    <Route key={path} path={path} element={<Page />} />
                  ))}
                </Routes>
              </Suspense>
            </div>
          </Router>
        </RemoteErrorBoundary>
      </StrictMode>
    );
  }
  return singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: () => <RemoteCrashed remote={remote} />,
  });
}
