// List screens: the paged list page, the CRUD screen declaration and its dialogs. A subpath of its
// own (@vot/shared/lists) so the shell's start-up does not download DataTable and friends.
export * from './ConfirmDeleteDialog';
export * from './ResetAppPasswordButton';
export * from './CrudDialog';
export * from './DeclaredForm';
export * from './CrudListPage';
export * from './PagedFrame';
export * from './PagedListPage';
export * from './usePagedList';
export * from './useRecord';
export * from './options';
export * from './ListFilters';
export * from './townships';
export * from './export';
export * from './ExportButton';
export * from './FileUpload';
export * from './RowsEditor';
export * from './formErrors';
export * from './LoadError';
export * from './grouped';
export * from './GroupedTable';
export * from './patientList';
