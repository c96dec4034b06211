/**
 * The area client (server/src/area): the administrative-division trees the registration forms pick from. No
 * page of its own: the project and company forms call it (the map dialog's search is components/map/areaSearch.ts).
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

export type AreaOption = components['schemas']['AreaOption'];

/** 管辖划分 tree (DistrictCode): city → county → township. */
export const fetchSupervisingDistricts = () => post('/builder/common/v1/Area/guanxia_list');

/** 所属区域 tree (selectedOptions): county → township. */
export const fetchProjectAreas = () => post('/builder/common/v1/Area/jmarea');

/** 注册地区 tree: province → city → county. */
export const fetchRegisterPlaces = () => get('/builder/common/v1/Area/registerplace');
