import dayjs from 'dayjs';
import { computeEndTime, priceFlags, priceHint, toProjectForm, toValues } from './projectForm';
import { projectEdit } from './fixtures';

describe('computeEndTime', () => {
  it('is the day difference plus one', () => {
    expect(computeEndTime(dayjs('2027-01-01'), dayjs('2027-12-31'))).toBe('365');
    expect(computeEndTime(dayjs('2028-02-28'), dayjs('2028-03-01'))).toBe('3');
    expect(computeEndTime(dayjs('2027-05-01'), dayjs('2027-05-02'))).toBe('2');
  });

  it('is empty while a date is missing or the order is wrong', () => {
    expect(computeEndTime(dayjs('2027-01-01'), null)).toBe('');
    expect(computeEndTime(null, dayjs('2027-01-01'))).toBe('');
    expect(computeEndTime(dayjs('2027-01-03'), dayjs('2027-01-01'))).toBe('');
  });
});

describe('toProjectForm', () => {
  it('round-trips the server form, comma-joining arrays and deriving DistrictCcode', () => {
    const data = projectEdit();
    const body = toProjectForm(7, toValues(data.stepForm));
    expect(body).toMatchObject({
      Id: '7',
      DistrictCode: '4101,410105,410105002',
      selectedOptions: '410105,410105002',
      DistrictCcode: '410105002',
      StartTime: '2027-01-01',
      completiondate: '2027-12-31',
      tendertime: '2026-10-01',
      EndTime: '365',
      ContractPrice: '1200.5',
    });
  });

  it('treats the zero date as empty', () => {
    const values = toValues(projectEdit({}, { tendertime: '0000-00-00 00:00:00' }).stepForm);
    expect(values.tendertime).toBeNull();
    expect(toProjectForm(7, values).tendertime).toBe('');
  });
});

describe('price hints', () => {
  it('reads the price in 万 below 1亿 and in 亿 from there', () => {
    expect(priceHint('1200.5')).toBe('1200.5万元');
    expect(priceHint('12000')).toBe('1.2亿元');
    expect(priceHint('10000')).toBe('1亿元');
    expect(priceHint('abc')).toBe('');
  });

  it('warns from 1亿 and confirms only above it', () => {
    expect(priceFlags('9999.99')).toEqual({ warning: false, confirm: false });
    expect(priceFlags('10000')).toEqual({ warning: true, confirm: false });
    expect(priceFlags('10000.01')).toEqual({ warning: true, confirm: true });
  });
});
