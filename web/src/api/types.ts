import type { components } from './schema';

type Schemas = components['schemas'];

export type CaptchaData = Schemas['CaptchaData'];
export type LoginData = Schemas['LoginData'];
export type SiteConfig = Schemas['SiteConfig'];
export type UserInfo = Schemas['UserInfo'];
export type PasswordStatus = Schemas['PasswordStatus'];
export type SmsStatus = Schemas['SmsStatus'];
export type MessageCount = Schemas['MessageCount'];
