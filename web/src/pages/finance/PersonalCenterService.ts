/**
 * The finance approver's personal centre: profile, name, ID card check and phone change (finance
 * /finance/project/v1/project/ and orders/Verifyphonenumber, Veritestalter). Types from the generated schema.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

export type FinanceProfile = components['schemas']['FinanceProfile'];
export type FinanceCard = components['schemas']['PropertyCard'];

export const MESSAGEINFO_URL = '/finance/project/v1/project/Messageinfo';
export const INFORALTER_URL = '/finance/project/v1/project/Inforalter';
export const FINANCE_IDCARD_URL = '/finance/project/v1/project/Idcardreader';
export const FINANCE_VERIFY_PHONE_URL = '/finance/project/v1/orders/Verifyphonenumber';
export const FINANCE_VERITEST_ALTER_URL = '/finance/project/v1/orders/Veritestalter';

export const fetchProfile = () => get<FinanceProfile>(MESSAGEINFO_URL);
export const changeName = (name: string) => post<null>(INFORALTER_URL, { name: name.trim() });
export const checkOwnCard = (name: string, idNumber: string) => post<FinanceCard>(FINANCE_IDCARD_URL, { name, idNumber });
export const sendOwnPhoneCode = (phone: string) => post<null>(FINANCE_VERIFY_PHONE_URL, { phone: phone.trim() });
export const changeOwnPhone = (phone: string, code: string) =>
  post<null>(FINANCE_VERITEST_ALTER_URL, { phone: phone.trim(), code: code.trim() });
