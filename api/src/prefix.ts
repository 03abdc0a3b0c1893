/** Where the API's routes live: every call of SPEC.md §7 and every signed file link is under it. */
export const API_PREFIX = '/api/v1';
