import type { ReactNode } from 'react';
import type { ButtonProps } from 'primereact/button';
import type { AnyObjectSchema } from 'yup';
import type { SessionUser } from '@vot/shared/session';
import type { ResourceApi } from '../api/resource';
import type { Action, Resource } from '../permissions';
import type { FieldDef } from '../ui/FormField';
import type { ExportDef } from './export';
import type { FilterDef } from './ListFilters';
import type { ColumnDef } from './PagedListPage';

/** What New's dialog needs: a screen whose rows never open the form declares no more. */
export interface CreateForm<T, Input> {
  createTitle: string;
  fields: FieldDef[];
  schema: AnyObjectSchema;
  createSchema?: AnyObjectSchema;
  /** A new record's starting values; a function when they depend on the user (a Field Officer's only township). */
  empty: Input | ((user: SessionUser | null) => Input);
  /** The dialog's width; the kit's narrow dialog by default. */
  width?: string;
  /** Where a created record opens (its detail, to read its generated code); the list reloads otherwise. */
  openCreated?: (row: T) => string;
}

/** The create dialog and the update dialog a row's Update opens with its values. */
export interface CrudForm<T, Input> extends CreateForm<T, Input> {
  updateTitle: string;
  toInput: (row: T) => Input;
}

/** A form whose update half is declared: only then may a row open it. */
export const opensRows = <T, Input>(form: CreateForm<T, Input> | undefined): form is CrudForm<T, Input> =>
  form !== undefined && 'toInput' in form;

/** The kit's own row buttons. */
export type RowButton = 'update' | 'delete';

/** A row button with a dialog of its own (Email Update of an account). */
export interface RowDialogAction<T> {
  label: string;
  /** The permission action the button needs on the screen's resource. */
  action: Action;
  title: string;
  /** Used in the notice: 'Email has been updated successfully!' ('… created …' for a `create` action). */
  entity: string;
  fields: FieldDef[];
  schema: AnyObjectSchema;
  toInput: (row: T) => Record<string, unknown>;
  submit: (row: T, values: Record<string, unknown>) => Promise<unknown>;
}

interface RowActionBase {
  label: string;
  /** The permission action the button needs, on the screen's resource unless `resource` names another. */
  action: Action;
  resource?: Resource;
  severity?: ButtonProps['severity'];
}
/**
 * A row button as data. `to` opens a route carrying the list's query, so a list drawn beneath a
 * detail keeps its page and filters and Back returns to it; `run` makes a call (Recover, End
 * Sessions), then shows `notice` (or what it makes of the answer) and reloads, with `confirm` only
 * after 'Are you sure?' with that text and button; `show` opens a read-only dialog titled `title`
 * (a visit's detail).
 */
export type RowAction<T> = RowActionBase &
  (
    | { to: (row: T) => string }
    | {
        run: (row: T) => Promise<unknown>;
        notice: string | ((answer: unknown) => string);
        confirm?: { text: (row: T) => string; yes: string };
      }
    | { show: (row: T) => ReactNode; title: string }
  );

interface ListScreenBase<T extends { id: number }, Input extends Record<string, unknown>, X> {
  /** A function when the title names something only the rows know (whose trainings these are). */
  title: string | ((rows: T[]) => string);
  /** The entity's name in notices: 'Region has been created successfully!'. */
  entity: string;
  permission: Resource;
  api: ResourceApi<T, Input>;
  columns: ColumnDef<T>[];
  paged?: boolean;
  /** Sent with every list call: the volunteer trash is GET volunteers?status=0. */
  query?: Record<string, unknown>;
  /** Query-bound filters with Search and All (accounts: email text and role). */
  filters?: FilterDef[];
  /** Row buttons between Update and Delete, each with its own dialog. */
  rowDialogs?: RowDialogAction<T>[];
  /** Row buttons declared as data, after the row dialogs: a link (Detail) or a call (Recover). */
  rowActions?: RowAction<T>[];
  /** Which rows the built-in buttons appear on (SPEC.md §4: only visits made on the dashboard); every row by default. */
  rowEditable?: (row: T) => boolean;
  /**
   * Which rows this user may act on at all (accounts: those ranked below the user's own): elsewhere
   * neither the built-in buttons nor the row dialogs and actions other than reading show.
   */
  rowAllowed?: (row: T, user: SessionUser | null) => boolean;
  /** Rows a page when the API's page is not the usual 10 (the VOT visit list's 28). */
  pageSize?: number;
  /** An Export button for users with the export permission, over the applied filters. */
  export?: ExportDef<X>;
  /** New opens this route, a form page of its own (Create Community), instead of the create dialog. */
  createPath?: string;
  /** A row's class names, for highlights the screen styles (patients with TB). */
  rowClassName?: (row: T) => string | undefined;
}

/**
 * A list screen as a declaration, no code. `X` is the row of the export call, which may differ
 * from a list row (a volunteer's export has its password). Without a form the screen has neither
 * New (unless `createPath` names a create page) nor Update (the trash). The built-in row buttons
 * show when the user may use them: Update and Delete by default; a list whose rows open a detail
 * shows neither (`[]`), a trash only Delete. A screen without Update declares only New's half of
 * the form (CreateForm): no update title, no row's values nobody reads.
 */
export type ListScreen<T extends { id: number }, Input extends Record<string, unknown>, X = never> = ListScreenBase<
  T,
  Input,
  X
> &
  ({ rowButtons?: RowButton[]; form?: CrudForm<T, Input> } | { rowButtons: 'delete'[]; form?: CreateForm<T, Input> });

/** Everything a create/read/update/delete list screen is. */
export type CrudScreen<T extends { id: number }, Input extends Record<string, unknown>, X = never> = ListScreen<
  T,
  Input,
  X
> & {
  form: CrudForm<T, Input>;
};
