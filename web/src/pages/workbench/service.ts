/**
 * The workbench area's client (server/src/workbench): each role's home-page figures. Types come from the
 * generated schema only.
 */
import { get } from '@/api/client';
import type { components } from '@/api/schema';

export type ProjectSummary = components['schemas']['ProjectSummary'];
export type DistrictSummary = components['schemas']['DistrictSummary'];
export type FinanceSummary = components['schemas']['FinanceSummary'];

/** The clerk's figures; a regulator's project in view goes along (api/projectScope.ts). */
export const fetchProjectSummary = () => get('/builder/workbench/v1/Workbench/summary');
export const fetchDistrictSummary = () => get('/admin/workbench/v1/Workbench/summary');
export const fetchFinanceSummary = () => get('/finance/workbench/v1/Workbench/summary');
