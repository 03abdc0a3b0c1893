import { fiscalQuarterOf, quarterDays, reportQuartersBetween, splitQuarter } from './fiscal';

describe('fiscal quarters (the year starts in January)', () => {
  it('gives the quarter of a day, edges included', () => {
    expect(fiscalQuarterOf('2024-01-01')).toBe('FY24Q1');
    expect(fiscalQuarterOf('2026-03-31')).toBe('FY26Q1');
    expect(fiscalQuarterOf('2026-04-01')).toBe('FY26Q2');
    expect(fiscalQuarterOf('2026-12-31')).toBe('FY26Q4');
  });

  it('gives the first and last day of a quarter', () => {
    expect(quarterDays('FY24Q1')).toEqual({ start: '2024-01-01', end: '2024-03-31' });
    expect(quarterDays('FY25Q1')).toEqual({ start: '2025-01-01', end: '2025-03-31' });
    expect(quarterDays('FY26Q4')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(() => quarterDays('FY26Q5')).toThrow();
  });

  it('lists the report quarters sharing a day with the dates', () => {
    expect(reportQuartersBetween('2026-03-31', '2026-04-01')).toEqual(['FY26Q1', 'FY26Q2']);
    expect(reportQuartersBetween('2020-01-01', '2024-02-01')).toEqual(['FY24Q1']);
    expect(reportQuartersBetween('2027-01-01', '2027-02-01')).toEqual([]);
    expect(splitQuarter('FY25Q3')).toEqual({ fy: 'FY25', quarter: 'Q3' });
  });
});
