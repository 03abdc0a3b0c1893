import { codePrefix } from '../townships/repository';

/**
 * The patient's code, their sign-in to the phone app, like a volunteer's (HTY-P0007): the
 * township's abbreviation at registration and the id. It never changes afterwards.
 */
export function patientCode(abbreviation: string, id: number): string {
  return `${codePrefix(abbreviation)}-P${String(id).padStart(4, '0')}`;
}

/**
 * The Township DRTB Code (unique_id): the township's abbreviation and the DRTB code (HTY-0123),
 * which is unique within the township, so this is unique nationally. None without a DRTB code.
 */
export function townshipDrtbCode(abbreviation: string, drtbCode: string | null | undefined): string | null {
  return drtbCode ? `${codePrefix(abbreviation)}-${drtbCode}` : null;
}
