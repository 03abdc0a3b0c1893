import type { ExportColumn } from '@vot/shared/lists';
import type { VolunteerExportRow } from '@vot/shared/schemas';

/**
 * The spreadsheet columns of the volunteer export (SPEC.md §7 volunteers-export). A file of its own
 * with type-only imports, so bench/volunteers.mts measures the very columns the screen exports.
 */
export const VOLUNTEER_EXPORT_COLUMNS: ExportColumn<VolunteerExportRow>[] = [
  { header: 'Name', field: 'name' },
  { header: 'Code', field: 'code' },
  { header: 'Password', field: 'plain_password' },
  { header: 'Gender', field: 'gender' },
  { header: 'Age', field: 'age' },
  { header: 'Address', field: 'address' },
  { header: 'Phone', field: 'phone' },
  { header: 'Email', field: 'email' },
  { header: 'Education Status', field: 'education_status' },
  { header: 'Township', field: 'township', names: 'township_id' },
  { header: 'Past History of TB', field: 'past_history_of_TB' },
  { header: 'Previous Volunteer Experience', field: 'previous_volunteer_experience' },
  { header: 'Remark', field: 'remark' },
];
