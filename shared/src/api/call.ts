import { pathOf, type AnswerOf, type CallInput, type Declared } from '../operations/operation';
import { api, type UploadOptions } from './client';

type Sent = {
  params?: Record<string, number | string>;
  query?: Record<string, unknown>;
  body?: unknown;
  files?: Record<string, Blob>;
};
/** What a call may be told: an upload also how far its file has gone. */
type Told = Omit<UploadOptions, 'params' | 'update'>;

function formOf(files: Record<string, Blob>): FormData {
  const form = new FormData();
  for (const [name, file] of Object.entries(files)) form.append(name, file);
  return form;
}

function send<O extends Declared>(op: O, input: Sent, { onProgress, ...options }: Told): Promise<AnswerOf<O>> {
  const path = pathOf(op, input.params).slice(1);
  if (op.upload)
    return api.upload<AnswerOf<O>>(path, formOf(input.files ?? {}), {
      ...options,
      onProgress,
      params: input.query,
      update: op.method === 'PUT',
    });
  // A changing GET (SPEC.md §7 keeps a few) is told as a change is.
  const withQuery = { ...options, params: input.query, changes: op.changes };
  switch (op.method) {
    case 'GET':
      return api.get<AnswerOf<O>>(path, withQuery);
    case 'POST':
      return api.post<AnswerOf<O>>(path, input.body, withQuery);
    case 'PUT':
      return api.update<AnswerOf<O>>(path, input.body, withQuery);
    case 'DELETE':
      return api.delete<AnswerOf<O>>(path, withQuery);
  }
}

/** Reads started early (`callEarly`), by what they ask, until a call takes them. */
const early = new Map<string, { answer: Promise<unknown>; at: number }>();
/** An early read nobody took by then is forgotten: a call after that asks afresh. */
const EARLY_KEPT_MS = 10_000;

const isRead = (op: Declared) => op.method === 'GET' && !op.changes;
/** What a read asks: its path and its query's values (keys in order, empty values left out, as the query string sends them). */
function askOf(op: Declared, input: Sent): string {
  const query = Object.entries(input.query ?? {})
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, String(v)])
    .sort(([a], [b]) => a!.localeCompare(b!));
  return `${pathOf(op, input.params)}?${JSON.stringify(query)}`;
}

function takeEarly(key: string): Promise<unknown> | undefined {
  const found = early.get(key);
  early.delete(key);
  return found && Date.now() - found.at < EARLY_KEPT_MS ? found.answer : undefined;
}

/** An early answer for a caller that may cancel: a cancelled call rejects as a cancelled request does, never answers. */
function until<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const cancelled = () => reject(new DOMException('The call was cancelled.', 'AbortError'));
    if (signal.aborted) return cancelled();
    signal.addEventListener('abort', cancelled, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancelled));
  });
}

/**
 * Calls a declared operation (@vot/shared/operations): its method and path come from the
 * declaration, the parameters and the query are typed by it, and so is the answer. Screens never
 * write a path. A read that `callEarly` started with the same path and query is not asked again:
 * this call takes its answer.
 */
export function call<O extends Declared>(op: O, input: CallInput<O>, options: Told = {}): Promise<AnswerOf<O>> {
  const sent = input as Sent;
  const started = isRead(op) && early.size > 0 ? takeEarly(askOf(op, sent)) : undefined;
  if (started) return until(started as Promise<AnswerOf<O>>, options.signal);
  return send(op, sent, options);
}

/**
 * Starts a read now that a screen about to be drawn will ask for, so it goes out alongside
 * another (a patient's page reads the patient and its list at once, not one after the other), or
 * while the screen's code is still on its way (the shell starts a route's first read, 0192). The
 * screen's `call` with the same path and query takes its answer. The same read started twice goes
 * out once. Quiet: the screen that takes it tells a failure itself.
 */
export function callEarly<O extends Declared>(op: O, input: CallInput<O>): void {
  if (!isRead(op)) throw new Error(`${op.method} ${op.path}: only a read may be started early`);
  const sent = input as Sent;
  const key = askOf(op, sent);
  const started = early.get(key);
  if (started && Date.now() - started.at < EARLY_KEPT_MS) return;
  const answer = send(op, sent, { quiet: true });
  answer.catch(() => undefined);
  early.set(key, { answer, at: Date.now() });
}
