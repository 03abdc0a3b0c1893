import { HANDOUT_MAX_BYTES, PROGRAMME_TIMEZONE, type HandoutKind } from '@vot/shared/domain';
import { HANDOUT_FILE_REQUIRED, HANDOUT_PDF_ONLY, HANDOUT_TOO_LARGE } from '@vot/shared/schemas';

/** The page titles, also the entity of the notices ('Volunteer Handout has been created successfully!'). */
export const HANDOUT_TITLES: Record<HandoutKind, string> = {
  volunteer: 'Volunteer Handout',
  patient: 'Patient Handout',
};

const MB = 1024 * 1024;
export const HANDOUT_HINT = `A PDF of at most ${HANDOUT_MAX_BYTES / MB} MB.`;

const PDF_MAGIC = [...'%PDF-'].map((c) => c.charCodeAt(0));

/** Whether the file starts as every PDF does; when it cannot be read here, the server decides. */
function startsAsPdf(file: File): Promise<boolean> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const head = new Uint8Array(reader.result as ArrayBuffer);
      resolve(PDF_MAGIC.every((byte, i) => head[i] === byte));
    };
    reader.onerror = () => resolve(true);
    reader.readAsArrayBuffer(file.slice(0, PDF_MAGIC.length));
  });
}

/**
 * What is wrong with a chosen handout file, in the spec's words, checked before a long upload:
 * none or empty, not a PDF (its type or name, then its first bytes, as the server checks), too large.
 */
export async function handoutFileProblem(file: File | null): Promise<string | undefined> {
  if (!file || file.size === 0) return HANDOUT_FILE_REQUIRED;
  // Some systems give no type for a PDF; the name and the content still have to say PDF.
  const pdfType = file.type === 'application/pdf' || file.type === '';
  if (!pdfType || !file.name.toLowerCase().endsWith('.pdf')) return HANDOUT_PDF_ONLY;
  if (file.size > HANDOUT_MAX_BYTES) return HANDOUT_TOO_LARGE;
  return (await startsAsPdf(file)) ? undefined : HANDOUT_PDF_ONLY;
}

/** 245 KB, 1.4 MB: enough to tell a leaflet from a scan before opening it on a slow link. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: PROGRAMME_TIMEZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** When the handout was last replaced, in the programme's timezone. */
export function updatedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : WHEN.format(date);
}
