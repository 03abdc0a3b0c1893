import { patientSchema, patientFilterSchema } from '../schemas';
import { isZawgyi, toUnicode } from './myanmar';

// Common Myanmar names, each as typed in Unicode and in Zawgyi (the encoding of older phones).
const NAMES = {
  // ဒေါ်ခင်မြင့် Daw Khin Myint
  dawKhinMyint: {
    unicode: '\u1012\u1031\u102b\u103a\u1001\u1004\u103a\u1019\u103c\u1004\u1037\u103a',
    zawgyi: '\u1031\u1012\u105a\u1001\u1004\u1039\u103b\u1019\u1004\u1039\u1037',
  },
  // ဦးကျော်သူ U Kyaw Thu
  uKyawThu: {
    unicode: '\u1026\u1038\u1000\u103b\u1031\u102c\u103a\u101e\u1030',
    zawgyi: '\u1026\u1038\u1031\u1000\u103a\u102c\u1039\u101e\u1030',
  },
  // အောင်မြင့် Aung Myint
  aungMyint: {
    unicode: '\u1021\u1031\u102c\u1004\u103a\u1019\u103c\u1004\u1037\u103a',
    zawgyi: '\u1031\u1021\u102c\u1004\u1039\u103b\u1019\u1004\u1039\u1037',
  },
  // စုစုလှိုင် Su Su Hlaing
  suSuHlaing: {
    unicode: '\u1005\u102f\u1005\u102f\u101c\u103e\u102d\u102f\u1004\u103a',
    zawgyi: '\u1005\u102f\u1005\u102f\u101c\u102d\u1088\u1004\u1039',
  },
  // မြမြဝင်း Mya Mya Win
  myaMyaWin: {
    unicode: '\u1019\u103c\u1019\u103c\u101d\u1004\u103a\u1038',
    zawgyi: '\u103b\u1019\u103b\u1019\u101d\u1004\u1039\u1038',
  },
};
// မြမြ Mya Mya in Unicode: short, and scored 0.82 Zawgyi by the detector; it must stay as typed.
const MYA_MYA = '\u1019\u103c\u1019\u103c';
// သီတာ Thida: the same characters in both encodings.
const THIDA = '\u101e\u102e\u1010\u102c';

describe('Burmese text in Zawgyi and Unicode', () => {
  it.each(Object.entries(NAMES))('converts %s typed in Zawgyi to Unicode, and leaves Unicode as it is', (_, name) => {
    expect(isZawgyi(name.zawgyi)).toBe(true);
    expect(toUnicode(name.zawgyi)).toBe(name.unicode);
    expect(isZawgyi(name.unicode)).toBe(false);
    expect(toUnicode(name.unicode)).toBe(name.unicode);
  });

  it("detects in a browser too, which has atob but not Node's Buffer", () => {
    const global = globalThis as { Buffer?: unknown };
    const buffer = global.Buffer;
    delete global.Buffer;
    try {
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy, made without Buffer
        const fresh = require('./myanmar') as typeof import('./myanmar');
        expect(fresh.isZawgyi(NAMES.uKyawThu.zawgyi)).toBe(true);
        expect(fresh.toUnicode(NAMES.uKyawThu.zawgyi)).toBe(NAMES.uKyawThu.unicode);
      });
      expect(global.Buffer).toBeUndefined();
    } finally {
      global.Buffer = buffer;
    }
  });

  it('leaves short or ambiguous Unicode names, English and mixed text alone', () => {
    for (const text of [MYA_MYA, THIDA, 'Daw Hla Hla', '09420000101', `Ma ${MYA_MYA}`, ''])
      expect(toUnicode(text)).toBe(text);
    expect(toUnicode(`Daw ${NAMES.aungMyint.zawgyi}`)).toBe(`Daw ${NAMES.aungMyint.unicode}`);
  });

  it("stores every free-text field in Unicode under the API's context, household contacts and searches included", async () => {
    const context = { toUnicode };
    const patient = {
      year: 2026,
      township_id: 1,
      SP_code: 'SP-1',
      name: NAMES.dawKhinMyint.zawgyi,
      age: 40,
      sex: 'Female',
      treatment_regimen: '1. LTR',
      patient_address: NAMES.suSuHlaing.zawgyi,
      patient_phone_no: '09421234567',
      contact_info: NAMES.uKyawThu.zawgyi,
      contact_phone_no: '0942123',
      primary_language: 'Burmese',
      height: 160,
      weight: 50,
      BMI: 19.5,
      household_contacts: [{ name: NAMES.myaMyaWin.zawgyi, age: 9 }],
    };
    const stored = await patientSchema.validate(patient, { context });
    expect(stored.name).toBe(NAMES.dawKhinMyint.unicode);
    expect(stored.patient_address).toBe(NAMES.suSuHlaing.unicode);
    expect(stored.contact_info).toBe(NAMES.uKyawThu.unicode);
    expect(stored.household_contacts[0]!.name).toBe(NAMES.myaMyaWin.unicode);
    expect((await patientFilterSchema.validate({ name: NAMES.aungMyint.zawgyi }, { context })).name).toBe(
      NAMES.aungMyint.unicode,
    );
    // A form validating without the context keeps what was typed (it only warns).
    expect((await patientSchema.validate(patient)).name).toBe(NAMES.dawKhinMyint.zawgyi);
  });
});
