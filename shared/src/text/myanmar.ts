// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the API type-checks this module too, without shared's ambient declarations
/// <reference path="./myanmar-tools.d.ts" />
// CommonJS whose exports Node's ESM loader cannot name: its one export, taken apart.
import myanmarTools from 'myanmar-tools';

/**
 * Burmese is typed in two encodings: Unicode and the legacy Zawgyi (older phones and keyboards).
 * The same name in each is a different string, so a name typed in one never matches a search
 * typed in the other. The API stores Unicode only: every free-text field and search is converted
 * on its way in (`toUnicode`, the API's validation context; docs/decisions/0162-zawgyi.md). The
 * forms only warn (`isZawgyi`), loading this module when Myanmar characters are typed: its
 * detector's model is some 25 KB gzipped, which the sign-in page must not carry.
 */

/**
 * myanmar-tools' npm build decodes its model with Node's `new Buffer(base64)`; a browser has none.
 * There the detector is made with a stand-in that decodes with atob (it reads only length and bytes).
 */
function withBuffer<T>(make: () => T): T {
  const global = globalThis as { Buffer?: unknown };
  if (global.Buffer !== undefined) return make();
  global.Buffer = function decode(base64: string) {
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  };
  try {
    return make();
  } finally {
    delete global.Buffer;
  }
}

const detector = withBuffer(() => new myanmarTools.ZawgyiDetector());
const converter = new myanmarTools.ZawgyiConverter();

/** Any character of the Myanmar block: without one, text is neither encoding. */
export const MYANMAR = /[\u1000-\u109f]/;

/**
 * Above this the detector's answer is taken as Zawgyi (its authors' advice). Text that reads the
 * same in both encodings (သီတာ) scores about 0.7, and a short Unicode name can score 0.82 (မြမြ):
 * those stay as typed.
 */
const ZAWGYI_THRESHOLD = 0.95;

/** Whether text is (most likely) Zawgyi. */
export function isZawgyi(text: string): boolean {
  return MYANMAR.test(text) && detector.getZawgyiProbability(text) > ZAWGYI_THRESHOLD;
}

/** The text in Unicode: Zawgyi converted, anything else as it is. */
export function toUnicode(text: string): string {
  return isZawgyi(text) ? converter.zawgyiToUnicode(text) : text;
}
