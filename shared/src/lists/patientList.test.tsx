import { COLOURS } from '@vot/shared/domain';
import { idColour, textOn } from './patientList';

describe('the ID badge', () => {
  it('writes its number in whichever of black and white reads on the colour (WCAG AA)', () => {
    expect(textOn(COLOURS.blue)).toBe('#fff');
    expect(textOn(COLOURS.red)).toBe('#000');
    expect(textOn(idColour({ DOT_end_date: null, VOT_eligible: null }, true))).toBe('#000');
  });
});
