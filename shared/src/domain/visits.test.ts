import {
  ACTION_ADVICE,
  NO_APP_STATUS,
  WORK_LABELS,
  actionTexts,
  lastVisitDay,
  nextNoAppStatus,
  noAppStartDefault,
  noAppState,
  noAppStatusWord,
  workColour,
  workStatusLabel,
  WORK_STATUS_LABELS,
} from './visits';
import { expandDateRange } from './dates';

describe('visit records as staff read them', () => {
  it('colours works 1 to 3 orange, green, blue and the rest grey (SPEC.md §9)', () => {
    expect([1, 2, 3, 4, 5, 6].map(workColour)).toEqual(['orange', 'green', 'blue', 'grey', 'grey', 'grey']);
  });

  it('labels works 1 to 3 in Burmese', () => {
    for (const work of [1, 2, 3]) expect(WORK_LABELS[work]).toMatch(/[\u1000-\u109F]/);
  });

  it('turns action codes into their advice texts, in order, keeping an unknown code', () => {
    expect(actionTexts('3,1')).toEqual([ACTION_ADVICE['3'], ACTION_ADVICE['1']]);
    expect(actionTexts(' 2 , ,9')).toEqual([ACTION_ADVICE['2'], '9']);
    expect(actionTexts(null)).toEqual([]);
  });

  it('words a work status success / not success', () => {
    expect([true, false, null].map(workStatusLabel)).toEqual([
      WORK_STATUS_LABELS.success,
      WORK_STATUS_LABELS.notSuccess,
      '-',
    ]);
  });
});

describe('no-app days (SPEC.md §4, §5)', () => {
  it('are achieved (yellow), not achieved (black) or not yet marked', () => {
    expect([true, false, null].map(noAppState)).toEqual(['achieved', 'notAchieved', 'notMarked']);
    expect([true, false, null].map((s) => NO_APP_STATUS[noAppState(s)].colour)).toEqual(['yellow', 'black', 'white']);
    expect([true, false, null].map(noAppStatusWord)).toEqual([
      NO_APP_STATUS.achieved.burmese,
      NO_APP_STATUS.notAchieved.burmese,
      '',
    ]);
  });

  it('tick: unmarked or not achieved becomes achieved, achieved becomes not achieved', () => {
    expect([null, false, true].map(nextNoAppStatus)).toEqual([true, true, false]);
  });

  it('start a new range at the last existing day, else the DOT start date', () => {
    expect(noAppStartDefault('2026-02-03', '2026-01-10')).toBe('2026-02-03');
    expect(noAppStartDefault(null, '2026-01-10')).toBe('2026-01-10');
    expect(noAppStartDefault(null, null)).toBe('');
  });

  it('expand a range into every day, across a month end', () => {
    expect(expandDateRange('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(expandDateRange('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('end at today, or at the VOT end date when it came first', () => {
    expect(lastVisitDay(null, '2026-03-01')).toBe('2026-03-01');
    expect(lastVisitDay('2026-02-01', '2026-03-01')).toBe('2026-02-01');
    expect(lastVisitDay('2026-04-01', '2026-03-01')).toBe('2026-03-01');
  });
});
