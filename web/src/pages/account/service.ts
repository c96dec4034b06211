/**
 * The account area's client (server/src/account): registration's step 4 (decisions "Step 4, submit and
 * audit"): the special account, its bank verification and the submit for audit.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type AccountEditData = Schemas['AccountEditData'];
export type AccountForm = Schemas['AccountForm'];
export type AccountSaveForm = Schemas['AccountSaveForm'];
export type VerifyBankForm = Schemas['VerifyBankForm'];
export type VerifiedAccount = Schemas['VerifiedAccount'];
export type BankOption = Schemas['BankOption'];

export const fetchAccountEdit = () => get('/builder/common/v1/Site/AccountEdit');

/** 201 verified, 401 refused (ApiError), 301 doubtful (ApiError with code 301: the console asks). */
export const verifyBank = (form: VerifyBankForm) => post('/builder/common/v1/Site/ajaxverifybank', form);
export const saveAccount = (form: AccountSaveForm) =>
  post('/builder/infomation/v1/SpecialAccount/specialAccountInfoSave', form);
export const submitForAudit = () => get('/builder/common/v1/Site/ajaxSubmit');
