/**
 * The backup area's client (server/src/backup): a project's complete export as a .zip, built in the background
 * under /builder/backup/v1/Export/. Paths, parameters and replies are the generated document's.
 */
import { get, post } from '@/api/client';
import { fetchFile, saveBlob } from '@/api/files';
import type { components } from '@/api/schema';

export type ExportJob = components['schemas']['ExportJob'];

/** How often the list is asked again while an export is queued or running. */
export const POLL_MS = 1500;

export const fetchExports = (_filter: null, page: number, limit: number) =>
  get('/builder/backup/v1/Export/ajax_list', { page: String(page), limit: String(limit) });
export const startExport = () => post('/builder/backup/v1/Export/start', {});

export async function downloadExport(job: ExportJob) {
  const blob = await fetchFile('/builder/backup/v1/Export/download', { id: String(job.id) });
  saveBlob(blob, job.fileName);
}

export const isUnfinished = (job: ExportJob) => job.status === 'queued' || job.status === 'running';

/** Bytes as the clerk reads them: 1.5 MB, 320 KB. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
