import { VOT_STATUS_QUERIES, type VotStatusList } from '@vot/shared/domain';
import {
  HYBRID_LIST,
  PURE_WITHOUT_VOLUNTEER_LIST,
  PURE_WITH_VOLUNTEER_LIST,
  withVolunteerDetailPath,
  withoutVolunteerDetailPath,
} from '../../routes';

export type VotStatusListKind = Exclude<VotStatusList, 'pure'>;

export interface VotStatusListDef {
  path: string;
  title: string;
  query: Record<string, string>;
  detail: (id: number) => string;
  /** SPEC.md §7 "Export files"; the without-volunteer list follows their pattern (docs/decisions/0072). */
  exportFileName: string;
  /** The Hybrid list adds DOT Patient ID (GF) (SPEC.md §2). */
  withGfId?: boolean;
}

/** The VOT Status lists of SPEC.md §2, one table for the routes, the chooser and the screen. */
export const VOT_STATUS_LISTS: Record<VotStatusListKind, VotStatusListDef> = {
  pureWithVolunteer: {
    path: PURE_WITH_VOLUNTEER_LIST,
    title: 'Pure VOT Patients With Volunteer',
    query: VOT_STATUS_QUERIES.pureWithVolunteer,
    detail: withVolunteerDetailPath,
    exportFileName: 'Pure-VOT-Patients-With-Volunteer',
  },
  pureWithoutVolunteer: {
    path: PURE_WITHOUT_VOLUNTEER_LIST,
    title: 'Pure VOT Patients Without Volunteer',
    query: VOT_STATUS_QUERIES.pureWithoutVolunteer,
    detail: withoutVolunteerDetailPath,
    exportFileName: 'Pure-VOT-Patients-Without-Volunteer',
  },
  hybrid: {
    path: HYBRID_LIST,
    title: 'Hybrid VOT Patient List',
    query: VOT_STATUS_QUERIES.hybrid,
    detail: withVolunteerDetailPath,
    exportFileName: 'Hybrid-VOT-Patients',
    withGfId: true,
  },
};
