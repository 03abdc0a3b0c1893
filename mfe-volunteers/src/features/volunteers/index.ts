export { volunteersApi, volunteerTrashApi } from './volunteer.api';
export { volunteerColumns, volunteerScreen, volunteerExport } from './volunteer.screen';
export { useVolunteer } from './useVolunteer';
export { VolunteerUnavailable } from './VolunteerUnavailable';
export type { Volunteer, VolunteerExportRow } from '@vot/shared/schemas';
