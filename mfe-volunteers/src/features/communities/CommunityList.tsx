import { Button } from 'primereact/button';
import { Link, useNavigate } from 'react-router-dom';
import { isTownshipBound } from '@vot/shared/domain';
import { ListFilters, PagedListPage, usePagedList, useUrlFilters, type ColumnDef, type FilterDef } from '@vot/shared/lists';
import { useCan } from '@vot/shared/ui';
import { COMMUNITY_CREATE, communitiesApi, communityDetailPath, townshipOptions, volunteerOptions, type Community } from './community.api';
import { referredCount } from './referrals';

const filters: FilterDef[] = [
  // A Field Officer's list is already their townships' (SPEC.md §6): no township filter for them.
  { name: 'township_id', label: 'Township', type: 'select', loadOptions: townshipOptions, hidden: (user) => user !== null && isTownshipBound(user.role) },
  { name: 'volunteer_id', label: 'Volunteer', type: 'select', loadOptions: volunteerOptions },
  { name: 'date', label: 'Date', type: 'date-range' },
];

const columns: ColumnDef<Community>[] = [
  { field: 'date', header: 'Date' },
  { field: 'volunteer', header: 'Volunteer', body: (c) => c.volunteer.name },
  { field: 'township', header: 'Township', body: (c) => c.volunteer.township?.name ?? '' },
  { field: 'referral', header: 'Referral', body: (c) => (c.referral === 1 ? 'Yes' : 'No') },
  { field: 'referred', header: 'Referred', body: (c) => referredCount(c.referrals) },
];

/** The community activities: paged, filtered by township, volunteer and dates; Detail opens one. */
export default function CommunityList() {
  const navigate = useNavigate();
  const canCreate = useCan('activities', 'create');
  const list = usePagedList<Community>(communitiesApi.list, true, useUrlFilters(filters));
  return (
    <PagedListPage
      title="Community List"
      list={list}
      columns={columns}
      toolbar={
        <>
          <ListFilters filters={filters} />
          {canCreate && <Button type="button" label="New" icon="pi pi-plus" onClick={() => navigate(COMMUNITY_CREATE)} />}
        </>
      }
      rowActions={(c) => (
        <Link to={communityDetailPath(c.id)} className="p-button p-component p-button-sm p-button-outlined">
          Detail
        </Link>
      )}
    />
  );
}
