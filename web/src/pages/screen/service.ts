/**
 * The screen area's client (server/src/screen): everything the data screen shows, for the project (a
 * regulator's project in view goes along, api/projectScope.ts) or the regulator's district.
 */
import { get } from '@/api/client';
import type { components } from '@/api/schema';

export type ScreenData = components['schemas']['ScreenData'];
export type MapProject = components['schemas']['MapProject'];

export const fetchProjectScreen = () => get('/builder/screen/v1/Screen/data');
export const fetchDistrictScreen = () => get('/admin/screen/v1/Screen/data');
