import { townshipFilter, volunteerOptions, type ListScreen } from '@vot/shared/lists';
import type { Community, CommunityInput } from '@vot/shared/schemas';
import { generatePath } from 'react-router-dom';
import { routes } from '../../routes';
import { communitiesApi } from './community.api';
import { referredCount } from './referrals';

/**
 * SPEC.md §2 Community: the activities, paged, filtered by township, volunteer and dates. New opens
 * the create page (the form is too long for a dialog) and Detail the activity, where Update and
 * Delete live.
 */
export const communityScreen: ListScreen<Community, CommunityInput> = {
  title: 'Community List',
  entity: 'Community',
  permission: 'activities',
  api: communitiesApi,
  filters: [
    townshipFilter,
    { name: 'volunteer_id', label: 'Volunteer', type: 'select', loadOptions: volunteerOptions },
    { name: 'date', label: 'Date', type: 'date-range' },
  ],
  columns: [
    { field: 'date', header: 'Date' },
    { field: 'volunteer', header: 'Volunteer', body: (c) => c.volunteer.name },
    { field: 'township', header: 'Township', body: (c) => c.volunteer.township?.name ?? '' },
    { field: 'referral', header: 'Referral', body: (c) => (c.referral === 1 ? 'Yes' : 'No') },
    { field: 'referred', header: 'Referred', body: (c) => referredCount(c.referrals) },
  ],
  rowButtons: [],
  rowActions: [
    { label: 'Detail', action: 'read', to: (c) => generatePath(routes.communityDetail.path, { id: String(c.id) }) },
  ],
  createPath: routes.communityCreate.path,
};
