/**
 * E-contracts (server/src/contract): the project's templates with their placeholders and preview, a roster
 * line's contracts generated from a template, printed, and signed by uploading the scan back. Types come
 * from the generated schema only.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type PlaceholderLine = Schemas['PlaceholderLine'];
export type TemplateLine = Schemas['TemplateLine'];
export type ContractLine = Schemas['ContractLine'];
export type ContractView = Schemas['ContractView'];

export const NAME_MAX = 50;
export const BODY_MAX = 20000;
/** Files one signed scan may hold (upload kind `attachment`: images and pdf). */
export const SCAN_FILES_MAX = 5;

/** Where a contract is printed (outside the tab's furniture when printing: see print.css). */
export const printPath = (id: number, projectId?: string) =>
  `/system/contractPrint?id=${id}${projectId ? `&projectId=${projectId}` : ''}`;

export const fetchPlaceholders = () => get('/builder/contract/v1/Contract/placeholders');

export interface TemplateFilter {
  name: string;
}

export const EMPTY_TEMPLATE_FILTER: TemplateFilter = { name: '' };

export const fetchTemplates = (filter: TemplateFilter, page: number, limit: number, projectId?: string) =>
  get('/builder/contract/v1/Contract/template_list', {
    name: filter.name.trim() || undefined,
    page: String(page),
    limit: String(limit),
    projectId: projectId || undefined,
  });

export interface TemplateValues {
  name: string;
  body: string;
}

/** Saves a new template (no `id`) or the next version of one of the project's own. */
export const saveTemplate = (values: TemplateValues, id?: number) =>
  post('/builder/contract/v1/Contract/template_save', {
    id: id === undefined ? undefined : String(id),
    name: values.name.trim(),
    body: values.body,
  });

export const deleteTemplate = (id: number) => post('/builder/contract/v1/Contract/template_delete', { id: String(id) });

export const previewTemplate = (body: string) => post('/builder/contract/v1/Contract/preview', { body });

export interface ContractFilter {
  name: string;
  /** '' both, 'generated' 待签, 'signed' 已签. */
  status: '' | 'generated' | 'signed';
  /** One roster line's contracts; '' for the project's. */
  employmentId: string;
}

export const EMPTY_CONTRACT_FILTER: ContractFilter = { name: '', status: '', employmentId: '' };

export const fetchContracts = (filter: ContractFilter, page: number, limit: number, projectId?: string) =>
  get('/builder/contract/v1/Contract/ajax_list', {
    name: filter.name.trim() || undefined,
    status: filter.status || undefined,
    employmentId: filter.employmentId || undefined,
    page: String(page),
    limit: String(limit),
    projectId: projectId || undefined,
  });

export const fetchContract = (id: number, projectId?: string) =>
  get('/builder/contract/v1/Contract/detail', { id: String(id), projectId: projectId || undefined });

export const generateContract = (employmentId: number, templateId: number) =>
  post('/builder/contract/v1/Contract/generate', { employmentId: String(employmentId), templateId: String(templateId) });

/** The signed scan: the uploads' URLs. */
export const signContract = (id: number, files: string[]) =>
  post('/builder/contract/v1/Contract/sign', { id: String(id), files: files.join(',') });

/** Inserts `text` into `value` at the selection [start, end); answers the new value and the caret after it. */
export function insertAt(value: string, text: string, start: number, end: number): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + text + value.slice(to), caret: from + text.length };
}
