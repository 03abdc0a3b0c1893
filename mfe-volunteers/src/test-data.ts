// Records of this remote's screens for its tests (not a test file itself); the sign-in, fakes,
// routes and selects every remote's tests share are in @vot/shared/testing.
import type { Community } from '@vot/shared/schemas';
import { aTownship } from '@vot/shared/testing';

export const HLAINGTHAYA = aTownship(7, 'Hlaingthaya', 'HTY');
export const INSEIN = aTownship(3, 'Insein', 'ISN');

/** A community activity of U Ba in Hlaingthaya with two referral rows (7 people referred). */
export function anActivity(overrides: Partial<Community> = {}): Community {
  return {
    id: 7,
    volunteer: { id: 2, name: 'U Ba', township: { id: 5, name: 'Hlaingthaya' } },
    date: '2024-04-12',
    referral: 1,
    referrals: [
      { place: 'Township Hospital', male: 2, female: 1, total: 3 },
      { place: 'Private Clinic (PPM)', male: 0, female: 4, total: 4 },
    ],
    ...overrides,
  };
}
