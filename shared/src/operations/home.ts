// The schemas' own file, not their index (the shell's home never loads every form's schema).
import { homeQuery, type HomeFigures } from '../schemas/home';
import { item, operation } from './operation';

/** The home's one call (docs/decisions/0190–0191): what waits today, and the supervisors' figures. */
export const HOME_OPERATIONS = {
  home: operation({
    method: 'GET',
    path: '/home',
    permission: { resource: 'follow-ups', action: 'read' },
    summary:
      "What waits today in the user's townships (videos to review, follow-ups due) and, for a supervising role (supervision read), review timeliness and staff sign-ins per township over the period",
    query: homeQuery,
    answer: item<HomeFigures>('HomeFigures'),
  }),
};
