/**
 * The database schema. Column names are the API's field names (snake_case), so a row maps to a
 * response with little ceremony. After a change run `pnpm db:generate` and commit drizzle/.
 */
export * from './schema/places-accounts';
export * from './schema/volunteers';
export * from './schema/patients';
export * from './schema/visits';
export * from './schema/patient-care';
export * from './schema/reports-app';
