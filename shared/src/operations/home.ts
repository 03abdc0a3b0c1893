// The schemas' own file, not their index (the shell's home never loads every form's schema).
import { homeQuery, type HomeFigures } from '../schemas/home';
import { item, operation } from './operation';

/** The home's one call (docs/decisions/0190–0191, 0196): what waits today, the supervisors' figures, the cards' headlines. */
export const HOME_OPERATIONS = {
  home: operation({
    method: 'GET',
    path: '/home',
    permission: { resource: 'dashboards', action: 'read' },
    summary:
      "The home's figures: what waits today in the user's townships (videos to review, follow-ups due, for the roles that do that work), for a supervising role (supervision read) review timeliness and staff sign-ins per township over the period, and the dashboards' headline figures",
    query: homeQuery,
    answer: item<HomeFigures>('HomeFigures'),
  }),
};
