// The light UI kit every page may need at start-up. List screens are in @vot/shared/lists and
// remote lifecycles in @vot/shared/remote, so the shell's first download stays small.
export * from './BackButton';
export * from './FieldFrame';
export * from './FormField';
export * from './FullScreenSpinner';
export * from './useCan';
export * from './ReadOnlyFacts';
export * from './dialog';
