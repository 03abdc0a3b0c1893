import { addDays, ageFromDob, bmi, bmiLabel, expandDateRange, todayIn } from './index';

describe('BMI (SPEC.md §5)', () => {
  it('is weight over height in metres squared, to one decimal', () => {
    expect(bmi(170, 65)).toBe(22.5);
    expect(bmi(0, 65)).toBeNull();
  });
  it.each([
    [0, ''],
    [18.5, 'Underweight'],
    [18.6, 'Healthy'],
    [24.5, 'Healthy'],
    [29.5, 'Overweight'],
    [39.5, 'Obese'],
    [39.6, 'Extermely Obese'],
  ])('%s reads %j', (value, label) => expect(bmiLabel(value)).toBe(label));
});

describe('dates', () => {
  it("gives today in Yangon's calendar, not the machine's", () => {
    // 20:00 UTC is already 02:30 the next day in Yangon (UTC+06:30).
    expect(todayIn('Asia/Yangon', new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
  });
  it('counts whole years of age', () => {
    expect(ageFromDob('2000-11-23', '2026-11-22')).toBe(25);
    expect(ageFromDob('2000-11-22', '2026-11-22')).toBe(26);
  });
  it('expands a date range into every day, across a month end', () => {
    expect(expandDateRange('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
  });
  it('adds and subtracts calendar days across month, year and leap-day ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', -30)).toBe('2026-02-27');
    expect(addDays('2026-11-23', 0)).toBe('2026-11-23');
  });
});
