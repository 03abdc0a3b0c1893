import {
  fiscalQuarterOf,
  patientYears,
  quarterDays,
  reportPeriods,
  reportQuartersBetween,
  splitQuarter,
  todayIn,
} from './index';

describe('fiscal quarters (the year starts in January)', () => {
  it('gives the quarter of a day, edges included', () => {
    expect(fiscalQuarterOf('2024-01-01')).toBe('FY24Q1');
    expect(fiscalQuarterOf('2026-03-31')).toBe('FY26Q1');
    expect(fiscalQuarterOf('2026-04-01')).toBe('FY26Q2');
    expect(fiscalQuarterOf('2026-12-31')).toBe('FY26Q4');
    expect(fiscalQuarterOf('2031-05-02')).toBe('FY31Q2');
  });

  it('gives the first and last day of a quarter', () => {
    expect(quarterDays('FY24Q1')).toEqual({ start: '2024-01-01', end: '2024-03-31' });
    expect(quarterDays('FY26Q4')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(quarterDays('FY28Q1')).toEqual({ start: '2028-01-01', end: '2028-03-31' });
    expect(() => quarterDays('FY26Q5')).toThrow();
  });

  it('lists the report quarters sharing a day with the dates, from the programme’s first quarter, without end', () => {
    expect(reportQuartersBetween('2026-03-31', '2026-04-01')).toEqual(['FY26Q1', 'FY26Q2']);
    expect(reportQuartersBetween('2020-01-01', '2024-02-01')).toEqual(['FY24Q1']);
    expect(reportQuartersBetween('2020-01-01', '2023-12-31')).toEqual([]);
    expect(reportQuartersBetween('2026-12-15', '2027-02-01')).toEqual(['FY26Q4', 'FY27Q1']);
    expect(reportQuartersBetween('2031-01-01', '2031-06-30')).toEqual(['FY31Q1', 'FY31Q2']);
    expect(splitQuarter('FY25Q3')).toEqual({ fy: 'FY25', quarter: 'Q3' });
  });
});

describe('choices that follow the calendar', () => {
  it('offers the Reporting Periods from FY24Q1 to the quarter after today’s', () => {
    expect(reportPeriods('2026-11-27')).toHaveLength(13);
    expect(reportPeriods('2026-11-27').at(-1)).toBe('FY27Q1');
    expect(reportPeriods('2027-01-01').slice(-2)).toEqual(['FY27Q1', 'FY27Q2']);
    expect(reportPeriods('2031-12-31')[0]).toBe('FY24Q1');
    expect(reportPeriods('2031-12-31').at(-1)).toBe('FY32Q1');
    expect(reportPeriods('2031-12-31')).toHaveLength(33);
  });

  it('offers the registration years from 2020 to next year', () => {
    expect(patientYears('2026-11-27')).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]);
    expect(patientYears('2031-01-01').at(-1)).toBe(2032);
  });

  describe('with the clock in 2027 and in 2031', () => {
    afterEach(() => jest.useRealTimers());
    it('takes today in Yangon by default', () => {
      // 18:00 UTC on 31 December 2026 is already 1 January 2027 in Yangon.
      jest.useFakeTimers({ now: new Date('2026-12-31T18:00:00Z') });
      expect(todayIn()).toBe('2027-01-01');
      expect(reportPeriods().slice(-2)).toEqual(['FY27Q1', 'FY27Q2']);
      jest.setSystemTime(new Date('2031-07-01T00:00:00Z'));
      expect(reportPeriods().at(-1)).toBe('FY31Q4');
      expect(patientYears().at(-1)).toBe(2032);
    });
  });
});
