import { lazy } from 'react';
import { createRemoteApp } from '@vot/shared/remote';

const VolunteerList = lazy(() => import('./features/volunteers/VolunteerList'));
const VolunteerDetail = lazy(() => import('./features/volunteers/VolunteerDetail'));
const TrainingList = lazy(() => import('./features/trainings/TrainingList'));
const VolunteerHandout = lazy(() => import('./features/handouts/VolunteerHandout'));
const PatientHandout = lazy(() => import('./features/handouts/PatientHandout'));
const CommunityList = lazy(() => import('./features/communities/CommunityList'));
const CommunityCreate = lazy(() => import('./features/communities/CommunityCreate'));
const CommunityDetail = lazy(() => import('./features/communities/CommunityDetail'));
const VolunteerTrashList = lazy(() => import('./features/trash/VolunteerTrashList'));

export const { bootstrap, mount, unmount, update } = createRemoteApp('volunteers', [
  { path: '/admin/volunteer-list', page: VolunteerList },
  { path: '/admin/volunteer-detail/:id', page: VolunteerDetail },
  { path: '/admin/volunteer-training-list/:id', page: TrainingList },
  { path: '/admin/volunteer-handout', page: VolunteerHandout },
  { path: '/admin/patient-handout', page: PatientHandout },
  { path: '/admin/community-list', page: CommunityList },
  { path: '/admin/community-create', page: CommunityCreate },
  { path: '/admin/community-detail/:id', page: CommunityDetail },
  { path: '/admin/volunteer-trash-list', page: VolunteerTrashList },
]);
