import * as yup from 'yup';
import { text } from './fields';
import { required } from './messages';

const name = (label: string) => text(label).required(required(label)).max(255, `${label} is too long!`);
const id = (label: string) =>
  yup.number().typeError(required(label)).integer().positive(required(label)).required(required(label));

export const regionSchema = yup.object({ name: name('Region Name') });
export type RegionInput = yup.InferType<typeof regionSchema>;

export const districtSchema = yup.object({ name: name('District Name') });
export type DistrictInput = yup.InferType<typeof districtSchema>;

/** An optional short form: '' and missing both store nothing. */
const abbreviation = () =>
  text('Abbreviation')
    .max(50, 'Abbreviation is too long!')
    .transform((v: string) => (v === '' ? undefined : v))
    .optional();

export const projectSchema = yup.object({ name: name('Project Name'), abbreviation: abbreviation() });
export type ProjectInput = yup.InferType<typeof projectSchema>;

export const medicineSchema = yup.object({ name: name('Medicine Name'), abbreviation: abbreviation() });
export type MedicineInput = yup.InferType<typeof medicineSchema>;

export const townshipUpdateSchema = yup.object({
  region_id: id('Region'),
  district_id: id('District'),
  name: name('Township Name'),
  abbreviation: name('Township Acronym'),
});
/** Project is chosen only when a township is created (SPEC.md §5). */
export const townshipCreateSchema = townshipUpdateSchema.shape({ project_id: id('Project') });
export type TownshipInput = yup.InferType<typeof townshipCreateSchema>;

/*
 * What the API answers for these records (SPEC.md §7): declared here beside the schemas of what is
 * sent, so the API's queries `satisfies` them and the remotes import them; nobody writes them twice.
 */

/** A record another one names, by id and name (a township's region, an account's project). */
export interface NamedRecord {
  id: number;
  name: string;
}

export type Region = NamedRecord;
export type District = NamedRecord;

export interface Project {
  id: number;
  name: string;
  abbreviation: string | null;
}

export type Medicine = Project;

export interface Township {
  id: number;
  name: string;
  abbreviation: string;
  region: NamedRecord;
  district: NamedRecord;
  project: NamedRecord;
}
