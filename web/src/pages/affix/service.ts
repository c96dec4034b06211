/**
 * The affix area's client: payment vouchers (附件凭证) per month and unit, under /builder/affix/v1/Affix/.
 * Paths, parameters and replies are the generated document's.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

export type AffixMonthLine = components['schemas']['AffixMonthLine'];
export type AffixFile = components['schemas']['AffixFile'];

export const fetchMonths = (year: string, page: number, limit: number) => get('/builder/affix/v1/Affix/list', { year, page, limit });
export const fetchVouchers = (belongdate: string, companyid: string) => get('/builder/affix/v1/Affix/detail', { belongdate, companyid });
export const fileVouchers = (belongdate: string, companyid: string, category: string, urls: string[]) =>
  post('/builder/affix/v1/Affix/save', { belongdate, companyid, category, urls: urls.join(',') });
export const deleteVoucher = (id: number) => post('/builder/affix/v1/Affix/delete', { id });

/** Whether a voucher can be shown in the image viewer. */
export const isImage = (url: string) => /\.(png|jpe?g|gif)$/i.test(url);
