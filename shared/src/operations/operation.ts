import type { AnyObjectSchema, InferType } from 'yup';
import type { Action, Resource } from '../permissions';

/** Lists answer { data, status, total } (SPEC.md §7). */
export interface ListResponse<T> {
  data: T[];
  status: 'success';
  total: number;
}
export interface ItemResponse<T> {
  data: T;
  status: 'success';
  message?: string;
}
export interface MessageResponse {
  message: string;
}

/**
 * What an operation answers, in the two forms the two sides need: `shape` and `type` name the
 * shared type for the OpenAPI document (api/src/openapi/routes.ts `answers`), and the phantom
 * `__answer` carries the TypeScript type the browser receives and the server's handler must return.
 */
export interface AnswerDoc<T> {
  shape: 'item' | 'itemOrNull' | 'list' | 'rows' | 'whole' | 'message' | 'removed';
  /** The shared type's name; for `message`, the message. */
  type: string;
  /** 201 for a record created. */
  status?: 201;
  readonly __answer?: T;
}
/** `{ data: T, status }`: one record or one object of figures; `created`: answered 201 with its notice's message. */
export const item = <T>(type: string, created?: 'created'): AnswerDoc<ItemResponse<T>> => ({
  shape: 'item',
  type,
  ...(created ? { status: 201 as const } : {}),
});
/** `{ data: T, status, message }`: a record changed, with its notice (the screen shows the message). */
export const updated = <T>(type: string): AnswerDoc<ItemResponse<T> & { message: string }> => ({ shape: 'item', type });
/** `{ data: T | null, status }`: one record, or null when there is none (a patient off VOT has no dose ledger). */
export const itemOrNull = <T>(type: string): AnswerDoc<ItemResponse<T | null>> => ({ shape: 'itemOrNull', type });
/** `{ data: null, status, message }`: a deletion answered with its notice. */
export const removed = (text: string): AnswerDoc<{ data: null; status: 'success'; message: string }> => ({
  shape: 'removed',
  type: text,
});
/** `{ message }`: a change with nothing to answer but its notice. */
export const message = (text: string): AnswerDoc<MessageResponse> => ({ shape: 'message', type: text });
/** `{ data: T[], status, total }`: a page of a list. */
export const list = <T>(type: string): AnswerDoc<ListResponse<T>> => ({ shape: 'list', type });
/** `{ data: T[], status }`: rows without a total (an export's); `created`: the records a call made, answered 201. */
export const rows = <T>(
  type: string,
  created?: 'created',
): AnswerDoc<{ data: T[]; status: 'success'; message?: string }> => ({
  shape: 'rows',
  type,
  ...(created ? { status: 201 as const } : {}),
});
/** T itself, not in an envelope (the VOT report, which carries its own dates beside its rows). */
export const whole = <T>(type: string): AnswerDoc<T> => ({ shape: 'whole', type });

/** `PUT` is an update: the browser sends it as POST with `?_method=PUT` (SPEC.md §7), the server takes both. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What every declared call has, whoever may make it: an `Operation` (the permission matrix says
 * who) or a `SessionOperation` (a staff session's own calls, decision 0197). `call()` takes either.
 */
export interface Declared<
  Path extends string = string,
  Query extends AnyObjectSchema | undefined = AnyObjectSchema | undefined,
  Answer = unknown,
  Body extends AnyObjectSchema | undefined = AnyObjectSchema | undefined,
  Files extends string = string,
> {
  method: Method;
  /** Under /api/v1, with `:name` parameters (`/patients/:id`). */
  path: Path;
  /** One line for the OpenAPI document. */
  summary: string;
  /** The query string's shared filter schema: the server validates with it, with its messages. */
  query?: Query;
  /** A paged list (`?page`). */
  paged?: boolean;
  /** An export in parts (`?after`, the previous part's `next`): the browser reads every part (`exportAll`). */
  cursor?: boolean;
  /** A GET that changes something (SPEC.md §7 fixes a few so): HEAD refused, and the browser tells the change. */
  changes?: boolean;
  /** The JSON body's shared schema (a form's): the server validates with it, with its messages. */
  body?: Body;
  /**
   * A multipart upload instead of a JSON body: its file fields, all required. The browser sends
   * `files` (by field name) as a form; the handler receives the parts itself (streamed to disk).
   */
  upload?: { files: readonly Files[] };
  answer: AnswerDoc<Answer>;
}

/**
 * One API operation, declared once in @vot/shared: the server registers its route from it
 * (api/src/lib/operations.ts: method, path, permission check, documented schema), the browser calls
 * it with `call(operation, …)` and never writes its path, and the role × endpoint tests and
 * docs/openapi.json are made from it. A renamed path or a changed answer type fails the type check
 * on both sides.
 */
export interface Operation<
  Path extends string = string,
  Query extends AnyObjectSchema | undefined = AnyObjectSchema | undefined,
  Answer = unknown,
  Body extends AnyObjectSchema | undefined = AnyObjectSchema | undefined,
  Files extends string = string,
> extends Declared<Path, Query, Answer, Body, Files> {
  /** Who may call it: the permission matrix's resource and action (checked before anything is read). */
  permission: { resource: Resource; action: Action };
  /**
   * The list the query names decides the resource (GET patients: the VOT Status flags are
   * vot-status, status=0 the trash), checked as the list is read; `permission` is the unflagged list's.
   */
  byList?: boolean;
  /** Error answers beyond those the operation's shape implies (a 409 the handler gives). */
  refusals?: (400 | 404 | 409 | 429 | 503)[];
}

/**
 * A staff session's own call, which no role is refused and so the permission matrix does not name
 * (decision 0197): `anyone`, the sign-in; `signed-in`, any staff session's bearer token (401
 * without). `initialPassword`: a session still on its initial password may make it too (SPEC.md §7:
 * it may only sign out, read itself and change the password).
 */
export interface SessionOperation<
  Path extends string = string,
  Answer = unknown,
  Body extends AnyObjectSchema | undefined = AnyObjectSchema | undefined,
> extends Declared<Path, undefined, Answer, Body, never> {
  caller: 'anyone' | 'signed-in';
  initialPassword?: true;
  /**
   * A GET that ends the session: the server refuses HEAD as it does a changing GET's, but no data a
   * screen shows changed, so the browser tells no change (unlike `changes`).
   */
  signsOut?: true;
  /** Error answers beyond those its shape implies (the sign-in's 401, a hashing queue's 503). */
  refusals?: (400 | 401 | 429 | 503)[];
}

/** Declares a staff session's own call, keeping its literal path and its types. */
export const sessionOperation = <
  Path extends string,
  Answer = unknown,
  Body extends AnyObjectSchema | undefined = undefined,
>(
  op: SessionOperation<Path, Answer, Body>,
) => op;

/**
 * Who may call a phone-app operation: `app`, the bearer of an app session's access token;
 * `volunteer`, the bearer of a volunteer's (a patient's is 403); `device`, whoever holds one of a
 * device session's refresh tokens, sent in the body (no bearer token: the access token may have ended).
 */
export type AppCaller = 'app' | 'volunteer' | 'device';

/**
 * An operation of the phone app (docs/api.md "App API"): volunteers and patients are not staff, so
 * the permission matrix does not name it; `caller` says what the server checks instead.
 */
export interface AppOperation<
  Path extends string = string,
  Answer = unknown,
  Body extends AnyObjectSchema | undefined = AnyObjectSchema | undefined,
> extends Omit<Operation<Path, undefined, Answer, Body>, 'permission' | 'query' | 'paged' | 'refusals'> {
  caller: AppCaller;
  /** Error answers beyond those its shape implies (a `device` call's 401). */
  refusals?: (400 | 401 | 404 | 409 | 429)[];
}

/** Declares an operation of the phone app, keeping its literal path and its types. */
export const appOperation = <
  Path extends string,
  Answer = unknown,
  Body extends AnyObjectSchema | undefined = undefined,
>(
  op: AppOperation<Path, Answer, Body>,
) => op;

/** Declares an operation, keeping its literal path and its types. */
export const operation = <
  Path extends string,
  Query extends AnyObjectSchema | undefined = undefined,
  Answer = unknown,
  Body extends AnyObjectSchema | undefined = undefined,
  Files extends string = never,
>(
  op: Operation<Path, Query, Answer, Body, Files>,
) => op;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The path parameters of a path, by name (`/patients/:id` → `{ id }`). */
export type PathParams<P extends string> = Record<ParamNames<P>, number | string>;

/** What a call of the operation sends: its path parameters (if any), its query (filters and page) and its body. */
export type CallInput<O extends Declared> =
  O extends Declared<infer P, infer Q, unknown, infer B, infer F>
    ? ([ParamNames<P>] extends [never] ? { params?: undefined } : { params: PathParams<P> }) & {
        query?: (Q extends AnyObjectSchema ? { [K in keyof InferType<Q>]?: unknown } : object) &
          (O['paged'] extends true ? { page?: number } : object);
      } & (B extends AnyObjectSchema ? { body: InferType<B> } : { body?: undefined }) &
        // An operation typed without its file fields (string) may be sent with or without files.
        ([F] extends [never]
          ? { files?: undefined }
          : string extends F
            ? { files?: Record<string, Blob> }
            : { files: Record<F, Blob> })
    : never;

/** What the operation answers. */
export type AnswerOf<O extends Declared> = O extends Declared<string, AnyObjectSchema | undefined, infer A> ? A : never;

/** What the phone-app operation answers. */
export type AppAnswerOf<O extends AppOperation> = O extends AppOperation<string, infer A> ? A : never;

/** The operation's path with its parameters filled in (each one encoded). */
export function pathOf(op: Declared, params?: Record<string, number | string>): string {
  return op.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
