import { startEarlyReads } from '../remotes/early';
import { answerLoadedFiles, onServedFileChange } from './register';
import { ASK_LOADED } from './routes';

const updated = (url: string) =>
  new MessageEvent('message', {
    data: { meta: 'workbox-broadcast-update', type: 'CACHE_UPDATED', payload: { updatedURL: url } },
  });

describe('onServedFileChange', () => {
  const worker = new EventTarget();
  beforeAll(() => {
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ remotes: {} }) }) as Response);
  });

  it('hears a change the worker announced while the page was starting, once', async () => {
    window.history.pushState({}, '', '/admin/TB-patient-list');
    startEarlyReads();
    worker.dispatchEvent(updated(`${location.origin}/remotes.json`));
    const first = jest.fn();
    onServedFileChange('/remotes.json', first);
    await Promise.resolve();
    expect(first).toHaveBeenCalledTimes(1);
    const later = jest.fn();
    onServedFileChange('/remotes.json', later);
    await Promise.resolve();
    expect(later).not.toHaveBeenCalled();
  });

  it('hears a change announced after it listens, for its own path only', () => {
    const onChange = jest.fn();
    const stop = onServedFileChange('/remotes.json', onChange);
    worker.dispatchEvent(updated(`${location.origin}/main.js`));
    worker.dispatchEvent(updated(`${location.origin}/remotes.json`));
    stop();
    worker.dispatchEvent(updated(`${location.origin}/remotes.json`));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe('answerLoadedFiles', () => {
  it('tells a new worker the page and the files it has loaded, on the worker’s port', () => {
    const container = new EventTarget();
    answerLoadedFiles(container as ServiceWorkerContainer);
    const files = [`${location.origin}/main.js`, 'https://cdn.example/patients/remoteEntry.js'];
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: (type: string) => (type === 'resource' ? files.map((name) => ({ name })) : []),
    });
    const port = { postMessage: jest.fn() };
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: 'something else' }, ports: [port as unknown as MessagePort] }),
    );
    expect(port.postMessage).not.toHaveBeenCalled();
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: ASK_LOADED }, ports: [port as unknown as MessagePort] }),
    );
    expect(port.postMessage).toHaveBeenCalledWith({ page: location.href, files });
  });
});
