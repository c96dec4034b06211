/**
 * 统计报表 (server/src/report): 用工结构, 考勤统计 and 工资统计 under one filter, each with its .xlsx export. Types
 * come from the generated schema only.
 */
import { get, type QueryOf } from '@/api/client';
import { fetchFile } from '@/api/files';
import type { components } from '@/api/schema';

export type PeopleReport = components['schemas']['PeopleReport'];
export type AttendanceReport = components['schemas']['AttendanceReport'];
export type WageReport = components['schemas']['WageReport'];
export type Slice = components['schemas']['Slice'];

export interface ReportFilter {
  /** `YYYY-MM`; '' = the server's default (the twelve months up to this one). */
  start: string;
  end: string;
  /** A unit's id; '' = all. */
  unit: string;
  /** A team's id; '' = all. */
  team: string;
  /** Regulator without a project in view: a district code within its own; '' = all of it. */
  district: string;
}

export const EMPTY_REPORT_FILTER: ReportFilter = { start: '', end: '', unit: '', team: '', district: '' };

type Query = QueryOf<'/builder/report/v1/Report/people', 'get'>;

export function params(filter: ReportFilter): Query {
  return {
    start: filter.start || undefined,
    end: filter.end || undefined,
    unit: filter.unit || undefined,
    team: filter.team || undefined,
    district: filter.district || undefined,
  };
}

export const fetchPeople = (filter: ReportFilter) => get('/builder/report/v1/Report/people', params(filter));
export const fetchAttendance = (filter: ReportFilter) => get('/builder/report/v1/Report/attendance', params(filter));
export const fetchWage = (filter: ReportFilter) => get('/builder/report/v1/Report/wage', params(filter));

export const exportPeople = (filter: ReportFilter) => fetchFile('/builder/report/v1/Report/people_export', params(filter));
export const exportAttendance = (filter: ReportFilter) =>
  fetchFile('/builder/report/v1/Report/attendance_export', params(filter));
export const exportWage = (filter: ReportFilter) => fetchFile('/builder/report/v1/Report/wage_export', params(filter));
