/**
 * The validation rules of spec §5 as pure functions answering the message (undefined when valid), the
 * derivations (ID number → gender, birth, age, province; 万元 ↔ fen), and antd rule factories. The server
 * checks the same rules with the same messages (server/src/domain/); both run vectors/*.json.
 */
export * from './antd';
export * from './creditCode';
export * from './dates';
export * from './idNumber';
export * from './latlng';
export * from './money';
export * from './payroll';
export * from './personName';
export * from './phone';
export * from './result';
export * from './text';
export * from './wageCard';
export * from './worker';
export * from './calendar';
