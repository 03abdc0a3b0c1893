import { lazy } from 'react';
import type { RouteDecl } from '@vot/shared/contract';

/**
 * The remote's route table: module.ts (module.json), app.tsx (the pages) and the screens' links
 * read it, so a path is written once. Links to a route with a parameter use react-router's
 * generatePath(routes.x.path, { id }).
 */
export const routes = {
  volunteerList: {
    path: '/admin/volunteer-list',
    permission: { resource: 'volunteers', action: 'read' },
    page: lazy(() => import('./features/volunteers/VolunteerList')),
    menu: { group: 'Basic Data', label: 'Volunteer List', icon: 'pi pi-id-card' },
  },
  volunteerDetail: {
    path: '/admin/volunteer-detail/:id',
    permission: { resource: 'volunteers', action: 'read' },
    page: lazy(() => import('./features/volunteers/VolunteerDetail')),
  },
  trainingList: {
    path: '/admin/volunteer-training-list/:id',
    permission: { resource: 'trainings', action: 'read' },
    page: lazy(() => import('./features/trainings/TrainingList')),
  },
  communityList: {
    path: '/admin/community-list',
    permission: { resource: 'activities', action: 'read' },
    page: lazy(() => import('./features/communities/CommunityList')),
    menu: { group: 'Activities', label: 'Community', icon: 'pi pi-megaphone' },
  },
  communityCreate: {
    path: '/admin/community-create',
    permission: { resource: 'activities', action: 'create' },
    page: lazy(() => import('./features/communities/CommunityCreate')),
  },
  communityDetail: {
    path: '/admin/community-detail/:id',
    permission: { resource: 'activities', action: 'read' },
    page: lazy(() => import('./features/communities/CommunityDetail')),
  },
  volunteerHandout: {
    path: '/admin/volunteer-handout',
    permission: { resource: 'handouts', action: 'read' },
    page: lazy(() => import('./features/handouts/VolunteerHandout')),
    menu: { group: 'Handouts', label: 'Volunteer Handout', icon: 'pi pi-file-pdf' },
  },
  patientHandout: {
    path: '/admin/patient-handout',
    permission: { resource: 'handouts', action: 'read' },
    page: lazy(() => import('./features/handouts/PatientHandout')),
    menu: { group: 'Handouts', label: 'Patient Handout', icon: 'pi pi-file-pdf' },
  },
  volunteerTrashList: {
    path: '/admin/volunteer-trash-list',
    permission: { resource: 'trash', action: 'read' },
    page: lazy(() => import('./features/trash/VolunteerTrashList')),
    menu: { group: 'Trash', label: 'Volunteer Trash', icon: 'pi pi-trash' },
  },
} satisfies Record<string, RouteDecl>;
