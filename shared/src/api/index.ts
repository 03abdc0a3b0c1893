export * from './client';
export * from './changes';
export * from './errors';
export * from './session';
export * from './resource';
export * from './export-pages';
export * from './call';
