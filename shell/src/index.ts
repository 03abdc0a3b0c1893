import { startEarlyReads } from './remotes/early';

// What a returning user's page waits on starts now, beside the shell's own code.
startEarlyReads();
// The async boundary lets Module Federation negotiate shared singletons before React loads.
import('./bootstrap');
