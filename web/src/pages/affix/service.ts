/**
 * Payment vouchers (附件凭证) per month and unit, under /builder/affix/v1/Affix/. Types come from the
 * generated schema only.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type AffixMonthLine = Schemas['AffixMonthLine'];
export type AffixPage = Schemas['Envelope_Paged_AffixMonthLine']['data'];
export type AffixDetailData = Schemas['AffixDetail'];
export type AffixFile = Schemas['AffixFile'];

const base = '/builder/affix/v1/Affix';
export const AFFIX_LIST_URL = `${base}/list`;
export const AFFIX_DETAIL_URL = `${base}/detail`;
export const AFFIX_SAVE_URL = `${base}/save`;
export const AFFIX_DELETE_URL = `${base}/delete`;

export const fetchMonths = (year: string, page: number, limit: number) => get<AffixPage>(AFFIX_LIST_URL, { year, page, limit });
export const fetchVouchers = (belongdate: string, companyid: string) => get<AffixDetailData>(AFFIX_DETAIL_URL, { belongdate, companyid });
export const fileVouchers = (belongdate: string, companyid: string, category: string, urls: string[]) =>
  post<number[]>(AFFIX_SAVE_URL, { belongdate, companyid, category, urls: urls.join(',') });
export const deleteVoucher = (id: number) => post<null>(AFFIX_DELETE_URL, { id });

/** Whether a voucher can be shown in the image viewer. */
export const isImage = (url: string) => /\.(png|jpe?g|gif)$/i.test(url);
