import { randomUUID } from 'node:crypto';
import type {
  AppVideoReviewRow,
  AppHandout,
  AppPatient,
  AppSignedIn,
  AppSubject,
  AppTokens,
  AppVisitPage,
  AppVisitRecord,
  ErrorResponse,
  VideoVerdict,
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

  /**
   * Sends with the access token; when it has ended (401) and the device session holds a refresh
   * token, trades that for the next pair (POST app/refresh) and sends once more.
   */
  private async authorized(url: string, init: RequestInit = {}): Promise<Response> {
    const attempt = () => {
      const headers = new Headers(init.headers);
      if (this.state.token) headers.set('authorization', `Bearer ${this.state.token}`);
      return this.send(url, { ...init, headers });
    };
    const res = await attempt();
    if (res.status !== 401 || !this.state.refresh) return res;
    await res.body?.cancel();
    await this.refresh();
    return attempt();
  }

  /**
   * POST app/refresh (docs/api.md "Device sessions"): the refresh token is used up by this call, so
   * the new pair is saved before anything else. A 401 means the device session has ended (signed
   * out, reset by staff, a copy of the token used, or unused for too long): both tokens are
   * dropped and the caller signs in again; the queue is kept.
   */
  async refresh(): Promise<void> {
    const res = await this.send(`${this.base}/api/v1/app/refresh`, this.json({ refresh_token: this.state.refresh }));
    if (res.status !== 200) {
      const error = await this.refusal(res);
      if (error.status === 401) this.save((s) => ((s.token = null), (s.refresh = null)));
      throw error;
    }
    const tokens = (await res.json()) as AppTokens;
    this.save((s) => ((s.token = tokens.access_token), (s.refresh = tokens.refresh_token)));
  }

  /** A call with the token; an answer of another status than `ok` is an ApiError with the server's message. */
  private async call<T>(
    path: string,
    init: RequestInit = {},
    ok: number[] = [200],
  ): Promise<{ status: number; body: T }> {
    const url = `${this.base}/api/v1/${path}`;
    // A sign-in's 401 is a wrong password, not an ended access token.
    const res = path === 'app/login' ? await this.send(url, init) : await this.authorized(url, init);
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
    this.save((s) => ((s.token = body.access_token), (s.refresh = body.refresh_token)));
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

  /** A volunteer's patients' videos of their days awaiting a verdict, oldest first, each until its `escalates_at`. */
  async videoReviews(): Promise<AppVideoReviewRow[]> {
    return (await this.call<{ data: AppVideoReviewRow[] }>('app/video-reviews')).body.data;
  }

  /** The volunteer's verdict on one of those videos: the dose taken or not (409: someone gave one already). */
  async review(id: number, dose_taken: boolean, remark?: string): Promise<VideoVerdict> {
    return (await this.call<{ data: VideoVerdict }>(`app/video-reviews/${id}`, this.json({ dose_taken, remark }))).body
      .data;
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

  /** One record, then its files: JSON without files, else multipart with `uuid`, then `data`, before `sign` and `video`. */
  private upload(item: QueuedVisit) {
    const names = Object.keys(item.files) as ('sign' | 'video')[];
    if (!names.length)
      return this.call<{ data: AppVisitRecord; message: string }>('app/DOTs', this.json(item.record), [200, 201]);
    const form = new FormData();
    // The uuid first: a record already stored is answered before its files are read.
    form.append('uuid', item.record.uuid);
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

  /**
   * Sends a stored record's video (or signature) resumably with tus 1.0.0 (docs/api.md "Resumable
   * uploads"): creates the upload once (its address kept on the phone), asks the server how many
   * bytes it holds (HEAD), and sends only the rest, `chunkBytes` a request. A broken link throws; the
   * next call resumes from the server's offset. Answers the bytes this call sent.
   */
  async uploadFile(
    uuid: string,
    kind: 'video' | 'sign',
    bytes: Uint8Array,
    chunkBytes = bytes.length,
  ): Promise<number> {
    const key = `${uuid}-${kind}`;
    const tus = { 'tus-resumable': '1.0.0' };
    let location = this.state.uploads?.[key];
    let offset = 0;
    if (location) {
      const res = await this.authorized(this.absolute(location), { method: 'HEAD', headers: tus });
      if (res.status === 200) offset = Number(res.headers.get('upload-offset'));
      else location = undefined; // finished (attached) or expired: the record says which
    }
    if (!location) {
      const record = await this.call<{ data: AppVisitRecord }>(`app/DOTs/${uuid}`);
      if ((kind === 'video' ? record.body.data.video_url : record.body.data.sign_url) !== null)
        return this.forget(key, 0);
      const metadata = `uuid ${Buffer.from(uuid).toString('base64')},kind ${Buffer.from(kind).toString('base64')}`;
      const res = await this.authorized(`${this.base}/api/v1/app/uploads`, {
        method: 'POST',
        headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata },
      });
      if (res.status !== 201) throw await this.refusal(res);
      location = res.headers.get('location')!;
      this.save((s) => (s.uploads = { ...s.uploads, [key]: location! }));
    }
    let sent = 0;
    while (offset < bytes.length) {
      const chunk = bytes.subarray(offset, Math.min(bytes.length, offset + chunkBytes));
      const res = await this.authorized(this.absolute(location), {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: chunk,
      });
      if (res.status !== 204) throw await this.refusal(res);
      sent += chunk.length;
      offset = Number(res.headers.get('upload-offset'));
    }
    return this.forget(key, sent);
  }

  private forget(key: string, sent: number): number {
    this.save((s) => {
      if (s.uploads) delete s.uploads[key];
    });
    return sent;
  }

  private absolute(location: string): string {
    return /^https?:/.test(location) ? location : `${this.base}${location}`;
  }

  private async refusal(res: Response): Promise<ApiError> {
    const text = await res.text();
    let message = res.statusText;
    try {
      message = (JSON.parse(text) as ErrorResponse).message ?? message;
    } catch {
      // not JSON: the status says it
    }
    const retry = res.headers.get('retry-after');
    return new ApiError(res.status, message, retry ? Number(retry) : null);
  }

  /** A file behind a signed link the API gave (a signature, a handout): no token needed. */
  async file(link: string): Promise<Uint8Array> {
    const res = await this.send(`${this.base}${link}`);
    if (!res.ok) throw new ApiError(res.status, res.statusText);
    return new Uint8Array(await res.arrayBuffer());
  }
}
