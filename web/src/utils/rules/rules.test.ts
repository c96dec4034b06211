import calendarVectors from '../../../../vectors/calendar.json';
import creditCodeVectors from '../../../../vectors/credit_code.json';
import datesVectors from '../../../../vectors/dates.json';
import idNumberVectors from '../../../../vectors/id_number.json';
import latlngVectors from '../../../../vectors/latlng.json';
import moneyVectors from '../../../../vectors/money.json';
import personNameVectors from '../../../../vectors/person_name.json';
import phoneVectors from '../../../../vectors/phone.json';
import textVectors from '../../../../vectors/text.json';
import wageCardVectors from '../../../../vectors/wage_card.json';
import workerVectors from '../../../../vectors/worker.json';
import { checkKindOnDay, parseDay, parseKind, parseMonth, parseName, parseYear, type SpecialKind } from './calendar';
import { parseWageCard } from './wageCard';
import { checkHours, wageFen } from './worker';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  ageOn,
  checkCreditCode,
  checkDate,
  checkLatitude,
  checkLongitude,
  checkOptionalPhone,
  checkPersonName,
  checkPhone,
  checkProjectDates,
  checkStartCompletion,
  contractPrice,
  creditCheckChar,
  deposit,
  depositDisplay,
  depositOverCeiling,
  durationBetween,
  fenToWan,
  filterCoordinateInput,
  idCheckChar,
  parseCreditCode,
  parseDate,
  parseIdNumber,
  parseLatlng,
  pastDateSelectable,
  priceNeedsConfirmation,
  priceWarning,
  startDateSelectable,
  accountName,
  address,
  bankAccount,
  durationDays,
  projectDesc,
  projectName,
  required,
  unitName,
  requiredRule,
  type Parsed,
} from './index';

/* eslint-disable @typescript-eslint/no-explicit-any */
interface Case {
  rule: string;
  input: any;
  message: string | null;
  expect?: Record<string, any>;
  [extra: string]: any;
}

const cases = (vectors: unknown): Case[] => vectors as Case[];
const messageOf = <T,>(parsed: Parsed<T>): string | null => (parsed.ok ? null : parsed.message);
const label = (c: Case) => `${c.rule} ${JSON.stringify(c.input)}`;

describe('shared vectors', () => {
  it('every vector file is run here (or by the password and payroll tests)', () => {
    const dir = resolve(__dirname, '../../../../vectors');
    const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
    expect(files).toEqual([
      'calendar.json', 'credit_code.json', 'dates.json', 'id_number.json', 'latlng.json', 'money.json', 'password.json',
      'payroll.json', 'person_name.json', 'phone.json', 'text.json', 'wage_card.json', 'worker.json',
    ]);
  });

  it.each(cases(idNumberVectors).map((c) => [label(c), c] as const))('id number %s', (_, c) => {
    const parsed = parseIdNumber(c.input);
    expect(messageOf(parsed)).toBe(c.message);
    if (!parsed.ok || !c.expect) return;
    const e = c.expect;
    if (e.number !== undefined) expect(parsed.value.number).toBe(e.number);
    if (e.gender !== undefined) expect(parsed.value.gender).toBe(e.gender);
    if (e.birth !== undefined) expect(parsed.value.birth).toBe(e.birth);
    if (e.province !== undefined) expect(parsed.value.province).toBe(e.province);
    if (e.ageOn !== undefined) expect(ageOn(parsed.value.birth, e.ageOn) ?? null).toBe(e.age);
  });

  it.each(cases(creditCodeVectors).map((c) => [label(c), c] as const))('credit code %s', (_, c) => {
    const parsed = parseCreditCode(c.input, c.allowNone === true);
    expect(messageOf(parsed)).toBe(c.message);
    if (parsed.ok && c.expect?.code !== undefined) expect(parsed.value).toBe(c.expect.code);
  });

  it.each(cases(phoneVectors).map((c) => [label(c), c] as const))('phone %s', (_, c) => {
    const check = c.rule === 'phone' ? checkPhone : checkOptionalPhone;
    expect(check(c.input) ?? null).toBe(c.message);
  });

  it.each(cases(personNameVectors).map((c) => [label(c), c] as const))('person name %s', (_, c) => {
    expect(checkPersonName(c.input) ?? null).toBe(c.message);
  });

  it.each(cases(textVectors).map((c) => [label(c), c] as const))('text %s', (_, c) => {
    const rules: Record<string, (input: string) => Parsed<string | number>> = {
      required: (input) => required(input, c.field_message),
      projectName,
      unitName,
      address,
      projectDesc,
      accountName,
      bankAccount,
      durationDays,
    };
    const parsed = rules[c.rule](c.input);
    expect(messageOf(parsed)).toBe(c.message);
    if (parsed.ok && c.expect?.value !== undefined) expect(String(parsed.value)).toBe(c.expect.value);
  });

  it.each(cases(moneyVectors).map((c) => [label(c), c] as const))('money %s', (_, c) => {
    const e = c.expect ?? {};
    if (c.rule === 'depositDisplay') {
      expect(depositDisplay(c.input === null ? null : BigInt(c.input))).toBe(e.display);
      return;
    }
    if (c.rule === 'depositOverCeiling') {
      expect(depositOverCeiling(BigInt(c.input), BigInt(c.ceiling))).toBe(e.over);
      return;
    }
    const parsed = c.rule === 'contractPrice' ? contractPrice(c.input) : deposit(c.input);
    expect(messageOf(parsed)).toBe(c.message);
    if (!parsed.ok) return;
    if (e.fen !== undefined) expect(parsed.value.toString()).toBe(e.fen);
    if (e.wan !== undefined) expect(fenToWan(parsed.value)).toBe(e.wan);
    if (e.warning !== undefined) expect(priceWarning(parsed.value)).toBe(e.warning);
    if (e.confirm !== undefined) expect(priceNeedsConfirmation(parsed.value)).toBe(e.confirm);
  });

  it.each(cases(datesVectors).map((c) => [label(c), c] as const))('dates %s', (_, c) => {
    const i = c.input;
    switch (c.rule) {
      case 'parse': {
        const parsed = parseDate(i);
        expect(messageOf(parsed)).toBe(c.message);
        if (parsed.ok) expect(parsed.value).toBe(c.expect?.date);
        break;
      }
      case 'order':
        expect(checkProjectDates(i) ?? null).toBe(c.message);
        break;
      case 'startCompletion':
        expect(checkStartCompletion(i.start, i.completion, i.editing) ?? null).toBe(c.message);
        break;
      case 'duration':
        expect(durationBetween(i.start, i.completion)).toBe(c.expect?.days);
        break;
      case 'selectable': {
        const selectable = i.picker === 'start' ? startDateSelectable : pastDateSelectable;
        expect(selectable(i.date, i.today)).toBe(c.expect?.selectable);
        break;
      }
      default:
        throw new Error(`unknown rule ${c.rule}`);
    }
  });

  it.each(cases(latlngVectors).map((c) => [label(c), c] as const))('latlng %s', (_, c) => {
    switch (c.rule) {
      case 'filter':
        expect(filterCoordinateInput(c.input)).toBe(c.expect?.value);
        break;
      case 'lng':
        expect(checkLongitude(c.input) ?? null).toBe(c.message);
        break;
      case 'lat':
        expect(checkLatitude(c.input) ?? null).toBe(c.message);
        break;
      case 'latlng': {
        const parsed = parseLatlng(c.input);
        expect(messageOf(parsed)).toBe(c.message);
        if (parsed.ok && c.expect) expect(parsed.value).toEqual({ lat: c.expect.lat, lng: c.expect.lng });
        break;
      }
      default:
        throw new Error(`unknown rule ${c.rule}`);
    }
  });

  it.each(cases(wageCardVectors).map((c) => [label(c), c] as const))('wage card %s', (_, c) => {
    const parsed = parseWageCard(c.input);
    expect(typeof parsed === 'string' ? parsed : null).toBe(c.message);
    if (typeof parsed !== 'string') {
      expect(parsed.digits).toBe(c.expect?.digits);
      expect(parsed.checkDigitFails).toBe(c.expect?.checkDigitFails);
    }
  });

  it.each(cases(workerVectors).map((c) => [label(c), c] as const))('worker %s', (_, c) => {
    switch (c.rule) {
      case 'wage': {
        const fen = wageFen(c.input);
        expect(typeof fen === 'string' ? fen : null).toBe(c.message);
        if (typeof fen === 'number') expect(String(fen)).toBe(c.expect?.fen);
        break;
      }
      case 'hours':
        expect(checkHours(c.input) ?? null).toBe(c.message);
        break;
      default:
        throw new Error(`unknown rule ${c.rule}`);
    }
  });
});

describe('calendar vectors', () => {
  it.each(cases(calendarVectors).map((c) => [label(c), c] as const))('calendar %s', (_, c) => {
    switch (c.rule) {
      case 'year':
        expect(messageOf(parseYear(c.input))).toBe(c.message);
        break;
      case 'month':
        expect(messageOf(parseMonth(c.input))).toBe(c.message);
        break;
      case 'day':
        expect(messageOf(parseDay(c.input))).toBe(c.message);
        break;
      case 'kind':
        expect(messageOf(parseKind(c.input))).toBe(c.message);
        break;
      case 'name':
        expect(messageOf(parseName(c.input))).toBe(c.message);
        break;
      case 'kindOnDay':
        expect(checkKindOnDay(c.input.day, c.input.kind as SpecialKind) ?? null).toBe(c.message);
        break;
      default:
        throw new Error(`unknown rule ${c.rule}`);
    }
  });
});

describe('hand-checked values', () => {
  it('computes the check characters', () => {
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(creditCheckChar('91350100M000100Y4')).toBe('3');
    expect(checkCreditCode('/', true)).toBeUndefined();
  });

  it('treats the zero date as empty', () => {
    expect(checkDate('0000-00-00 00:00:00')).toBeUndefined();
  });

  it('builds antd rules that answer the message', async () => {
    const rule = requiredRule('请选择所属区域');
    if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
    await expect(Promise.resolve(rule.validator({}, [], () => {}))).rejects.toThrow('请选择所属区域');
    await expect(Promise.resolve(rule.validator({}, ['41', '4101'], () => {}))).resolves.toBeUndefined();
  });
});
