export * from './messages';
export * from './session';
export * from './geography';
export * from './validate';
export * from './accounts';
export * from './fields';
export * from './volunteers';
export * from './filters';
