/**
 * ZKTeco PUSH terminals on 考勤设备 (server/src/iclock, docs/iclock.md): what a terminal said of itself, the
 * commands it was given, its uploads with the lines that failed, serials that knocked unregistered, and the
 * clerk's 重新上传考勤 / 重新下发人员. Paths and types from the generated schema only.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';
import { compact } from '@/utils/compact';

type Schemas = components['schemas'];

export type IclockTerminal = Schemas['IclockTerminal'];
export type IclockCommand = Schemas['IclockCommand'];
export type IclockUpload = Schemas['IclockUpload'];
export type IclockStranger = Schemas['IclockStranger'];
export type FailedLine = Schemas['FailedLine'];

export const fetchTerminal = (id: number) => get('/builder/iclock/v1/Terminal/detail', { id });

export const fetchCommands = (id: number, page: number, limit: number) =>
  get('/builder/iclock/v1/Command/list', { id, page, limit });

export const fetchUploads = (id: number, failedOnly: boolean, page: number, limit: number) =>
  get('/builder/iclock/v1/Upload/list', compact({ id, failedOnly: failedOnly ? '1' : '', page, limit }));

export const fetchStrangers = (page: number, limit: number) => get('/builder/iclock/v1/Terminal/strangers', { page, limit });

export const reupload = (id: number) => post('/builder/iclock/v1/Terminal/reupload', { id });
export const resync = (id: number) => post('/builder/iclock/v1/Terminal/resync', { id });

/** Where a terminal is pointed (its 云服务器设置): this console's host and port. */
export function serverAddress(location: Pick<Location, 'hostname' | 'port' | 'protocol'>) {
  const port = location.port || (location.protocol === 'https:' ? '443' : '80');
  return { host: location.hostname, port };
}

export const STATUS_COLOR: Record<string, string> = { 待下发: 'default', 已下发: 'processing', 已执行: 'success', 执行失败: 'error' };
