import { randomUUID } from 'node:crypto';
import type {
  AppHandout,
  AppPatient,
  AppSignedIn,
  AppSubject,
  AppVisitPage,
  AppVisitRecord,
  ErrorResponse,
} from '@vot/shared/schemas';
import { MemoryStorage, type PhoneState, type QueuedVisit, type Storage, type VisitToSend } from './storage';

/**
 * A reference client of the phone-app API (docs/api.md "App API"), written from the docs: sign in,
 * queue visits while offline, upload each record then its files, and restore the phone's records
 * with the sync cursor. It follows the docs' table of what to do on each error; the API's tests
 * drive it over HTTP (api/test/app-client.test.ts), so the docs are proven by code.
 */

/** The answer the server gave, when it is not one the call expects. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** What a flush of the queue did. */
export interface FlushReport {
  /** Stored now (201) or found stored already (200): gone from the queue. */
  stored: string[];
  alreadyStored: string[];
  /** Refused as it is (400, 403, 404, 409, 413): kept, marked, for the volunteer to correct. */
  refused: string[];
  /** Still queued because the link or the server failed (no answer, 5xx, 429): send again later. */
  waiting: number;
}

/** Answers that refuse a record as it is: sending it again unchanged cannot succeed. */
const REFUSED = [400, 403, 404, 409, 413];

export interface ClientOptions {
  /** The API's origin, e.g. https://vot.example.org (the paths carry /api/v1). */
  baseUrl: string;
  storage?: Storage;
  fetch?: typeof fetch;
}

export class AppClient {
  private readonly base: string;
  private readonly storage: Storage;
  private readonly send: typeof fetch;
  private state: PhoneState;

  constructor(options: ClientOptions) {
    this.base = options.baseUrl.replace(/\/$/, '');
    this.storage = options.storage ?? new MemoryStorage();
    this.send = options.fetch ?? fetch;
    this.state = this.storage.load();
  }

  /** The queued visits (refused ones included, with why). */
  get queue(): readonly QueuedVisit[] {
    return this.state.queue;
  }

  /** The phone's own records, by uuid. */
  get records(): Readonly<Record<string, AppVisitRecord>> {
    return this.state.records;
  }

  private save(change: (state: PhoneState) => void): void {
    change(this.state);
    this.storage.save(this.state);
  }

  /** A call with the token; an answer of another status than `ok` is an ApiError with the server's message. */
  private async call<T>(
    path: string,
    init: RequestInit = {},
    ok: number[] = [200],
  ): Promise<{ status: number; body: T }> {
    const headers = new Headers(init.headers);
    if (this.state.token) headers.set('authorization', `Bearer ${this.state.token}`);
    const res = await this.send(`${this.base}/api/v1/${path}`, { ...init, headers });
    const body = (res.headers.get('content-type') ?? '').startsWith('application/json') ? await res.json() : null;
    if (!ok.includes(res.status)) {
      const retry = res.headers.get('retry-after');
      throw new ApiError(
        res.status,
        (body as ErrorResponse | null)?.message ?? res.statusText,
        retry ? Number(retry) : null,
      );
    }
    return { status: res.status, body: body as T };
  }

  private json(body: unknown): RequestInit {
    return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  }

  async signIn(kind: AppSubject, code: string, password: string): Promise<AppSignedIn> {
    const { body } = await this.call<AppSignedIn>('app/login', this.json({ kind, code, password }));
    this.save((s) => (s.token = body.access_token));
    return body;
  }

  /** Needed first while `must_change_password` (every other call is 403 until then): the other sessions end, this one goes on. */
  async changePassword(current: string, next: string): Promise<void> {
    await this.call(
      'app/change-password',
      this.json({ current_password: current, new_password: next, new_password_confirmation: next }),
    );
  }

  async patients(): Promise<AppPatient[]> {
    return (await this.call<{ data: AppPatient[] }>('app/patients')).body.data;
  }

  async handouts(): Promise<AppHandout[]> {
    return (await this.call<{ data: AppHandout[] }>('app/handouts')).body.data;
  }

  /**
   * Records a visit on the phone, online or not: its uuid is made now and stays with it through
   * every retry, so the server stores it once however often it is sent.
   */
  recordVisit(
    visit: Omit<VisitToSend, 'uuid'> & { uuid?: string },
    files: Partial<Record<'sign' | 'video', Uint8Array>> = {},
  ): string {
    const uuid = visit.uuid ?? randomUUID();
    const encoded = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v).toString('base64')]));
    this.save((s) => s.queue.push({ record: { ...visit, uuid }, files: encoded }));
    return uuid;
  }

  /** One record, then its files: JSON without files, else multipart with `data` before `sign` and `video`. */
  private upload(item: QueuedVisit) {
    const names = Object.keys(item.files) as ('sign' | 'video')[];
    if (!names.length)
      return this.call<{ data: AppVisitRecord; message: string }>('app/DOTs', this.json(item.record), [200, 201]);
    const form = new FormData();
    form.append('data', JSON.stringify(item.record));
    for (const name of names) form.append(name, new Blob([Buffer.from(item.files[name]!, 'base64')]), name);
    return this.call<{ data: AppVisitRecord; message: string }>('app/DOTs', { method: 'POST', body: form }, [200, 201]);
  }

  /**
   * Sends the queue oldest first, as docs/api.md's table says: 201 and 200 leave the queue; 400, 403,
   * 404, 409 and 413 are kept, marked, never sent again as they are; a 401 stops (sign in again, the
   * queue is kept); no answer, a 5xx or a 429 stops and keeps the rest for later.
   */
  async flush(): Promise<FlushReport> {
    const report: FlushReport = { stored: [], alreadyStored: [], refused: [], waiting: 0 };
    for (const item of [...this.state.queue]) {
      if (item.refused) continue;
      const uuid = item.record.uuid;
      try {
        const { status, body } = await this.upload(item);
        (status === 201 ? report.stored : report.alreadyStored).push(uuid);
        this.save((s) => {
          s.queue = s.queue.filter((q) => q.record.uuid !== uuid);
          s.records[uuid] = body.data;
        });
      } catch (error) {
        if (error instanceof ApiError && REFUSED.includes(error.status)) {
          report.refused.push(uuid);
          this.save((s) => {
            const queued = s.queue.find((q) => q.record.uuid === uuid);
            if (queued) queued.refused = { status: error.status, message: error.message };
          });
          continue;
        }
        if (error instanceof ApiError && error.status === 401) {
          this.save((s) => (s.token = null));
          throw error;
        }
        // Offline, or the server failed: the same uuid goes again at the next flush.
        report.waiting = this.state.queue.filter((q) => !q.refused).length;
        return report;
      }
    }
    return report;
  }

  /** Whether the server has a record (after an upload whose answer was lost). */
  async isStored(uuid: string): Promise<boolean> {
    try {
      await this.call(`app/DOTs/${uuid}`);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
  }

  /** Brings the phone's own records up to date from the last cursor (all of them on a new phone). */
  async sync(): Promise<number> {
    let received = 0;
    for (;;) {
      const since = this.state.cursor ? `?since=${encodeURIComponent(this.state.cursor)}` : '';
      const { body } = await this.call<AppVisitPage>(`app/DOTs${since}`);
      received += body.data.length;
      this.save((s) => {
        for (const record of body.data) s.records[record.uuid] = record;
        s.cursor = body.next;
      });
      if (!body.more) return received;
    }
  }

  /** A file behind a signed link the API gave (a signature, a handout): no token needed. */
  async file(link: string): Promise<Uint8Array> {
    const res = await this.send(`${this.base}${link}`);
    if (!res.ok) throw new ApiError(res.status, res.statusText);
    return new Uint8Array(await res.arrayBuffer());
  }
}
