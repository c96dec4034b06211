/** The client-side checks of spec §5 "Uploads", run before anything is sent (decisions "Uploads"). */

/** What an upload is for: the server's `kind`, which fixes the types and the count. */
export type UploadKind = 'guarantee' | 'contract' | 'avatar' | 'attachment' | 'voucher';

export interface UploadLimits {
  /** Lower-case extensions without the dot. */
  extensions: readonly string[];
  maxCount: number;
}

export const UPLOAD_LIMITS: Record<UploadKind, UploadLimits> = {
  guarantee: { extensions: ['jpg', 'jpeg', 'png', 'gif', 'pdf'], maxCount: 1 },
  contract: { extensions: ['png', 'jpg'], maxCount: 9 },
  avatar: { extensions: ['jpg', 'png'], maxCount: 1 },
  // The special account's opening vouchers and agreements.
  attachment: { extensions: ['jpg', 'jpeg', 'png', 'gif', 'pdf'], maxCount: 5 },
  // Payment vouchers (affix): bank receipts, signed wage sheets.
  voucher: { extensions: ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'doc', 'docx'], maxCount: 5 },
};

/** 5 MB each, enforced (the spec's message says 5MB; decisions "Uploads"). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const MSG_UPLOAD_TYPE = '该文件不能上传';
export const MSG_AVATAR_TYPE = '上传图片只能是 jpg、png 格式!';
export const MSG_UPLOAD_SIZE = '上传文件大小不能超过 5MB!';
export const msgUploadCount = (count: number) => `当前限制选择${count}个文件`;

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * The message refusing a file, or undefined when it may be sent. `already` is the number of files the
 * field holds plus those picked before this one in the same selection.
 */
export function checkUpload(
  file: { name: string; size: number },
  kind: UploadKind,
  already: number,
  maxCount = UPLOAD_LIMITS[kind].maxCount,
): string | undefined {
  const limits = UPLOAD_LIMITS[kind];
  if (already >= maxCount) return msgUploadCount(maxCount);
  if (!limits.extensions.includes(extensionOf(file.name))) return kind === 'avatar' ? MSG_AVATAR_TYPE : MSG_UPLOAD_TYPE;
  if (file.size > MAX_UPLOAD_BYTES) return MSG_UPLOAD_SIZE;
  return undefined;
}

/** The `accept` attribute of the file input. */
export const acceptOf = (kind: UploadKind): string => UPLOAD_LIMITS[kind].extensions.map((ext) => `.${ext}`).join(',');
