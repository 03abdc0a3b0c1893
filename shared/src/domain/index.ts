export * from './roles';
export * from './constants';
export * from './dates';
export * from './bmi';
export * from './volunteers';
export * from './patients';
export * from './vot';
export * from './fiscal';
