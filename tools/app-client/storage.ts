import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AppVisitInput, AppVisitRecord } from '@vot/shared/schemas';

/** A visit as the app sends it (appVisitSchema's fields; those with a default may be left out). */
export type VisitToSend = Partial<AppVisitInput> & Pick<AppVisitInput, 'uuid' | 'patient_id' | 'date' | 'work'>;

/** A visit waiting on the phone: the record (its uuid made when it was recorded) and its files. */
export interface QueuedVisit {
  record: VisitToSend;
  /** The files as base64, so the queue survives a restart of the app. */
  files: Partial<Record<'sign' | 'video', string>>;
  /** Why the server refused it (400, 404, 409): kept for the volunteer to correct, not sent again. */
  refused?: { status: number; message: string };
}

/** What the phone keeps between runs. */
export interface PhoneState {
  /** The access token: every call's bearer, until it ends (a 401). */
  token: string | null;
  /** The device session's refresh token: traded once for the next pair when the access token ends. */
  refresh?: string | null;
  queue: QueuedVisit[];
  /** The phone's own records, by uuid, as the server answered them. */
  records: Record<string, AppVisitRecord>;
  /** `next` of the last sync (GET app/DOTs?since=…). */
  cursor: string | null;
  /** Resumable uploads under way: `<uuid>-<kind>` → the upload's address (Location), so a restart resumes it. */
  uploads?: Record<string, string>;
}

export interface Storage {
  load(): PhoneState;
  save(state: PhoneState): void;
}

export const emptyState = (): PhoneState => ({ token: null, queue: [], records: {}, cursor: null });

/** The phone's state in memory: a reinstalled app starts from nothing. */
export class MemoryStorage implements Storage {
  private state = emptyState();
  load(): PhoneState {
    return structuredClone(this.state);
  }
  save(state: PhoneState): void {
    this.state = structuredClone(state);
  }
}

/** The phone's state in a JSON file, replaced whole (written aside, then renamed), so a crash never leaves half a queue. */
export class FileStorage implements Storage {
  constructor(private readonly path: string) {}
  load(): PhoneState {
    return existsSync(this.path) ? (JSON.parse(readFileSync(this.path, 'utf8')) as PhoneState) : emptyState();
  }
  save(state: PhoneState): void {
    writeFileSync(`${this.path}.tmp`, JSON.stringify(state));
    renameSync(`${this.path}.tmp`, this.path);
  }
}
