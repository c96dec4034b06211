/**
 * A form field uploading to `site/upload_file_batch` (spec §5 "Uploads"): antd Upload whose value is the
 * array of the uploaded files' URLs. Type, size and count are checked before anything is sent, with the
 * spec's messages; the server checks them again (and the content).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Upload, message } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError } from '@/api/client';
import { uploadFiles } from './service';
import { acceptOf, checkUpload, UPLOAD_LIMITS, type UploadKind } from './uploadRules';

export interface UploadFieldProps {
  kind: UploadKind;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  /** The button's text (file lists) or the card's (pictures). */
  label?: string;
  /** Fewer files than the kind allows (e.g. one contract file). */
  maxCount?: number;
  'data-testid'?: string;
}

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1) || url;

const fromUrls = (urls: string[]): UploadFile[] =>
  urls.map((url) => ({ uid: url, name: nameOf(url), status: 'done', url, response: url }));

const doneUrls = (files: UploadFile[]): string[] =>
  files.filter((file) => file.status === 'done' && typeof file.response === 'string').map((file) => file.response as string);

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

export default function UploadField({ kind, value, onChange, disabled, label, maxCount, 'data-testid': testId }: UploadFieldProps) {
  const limit = Math.min(maxCount ?? UPLOAD_LIMITS[kind].maxCount, UPLOAD_LIMITS[kind].maxCount);
  const [files, setFiles] = useState<UploadFile[]>(() => fromUrls(value ?? []));
  const filesRef = useRef(files);
  filesRef.current = files;
  const pictures = kind === 'contract' || kind === 'avatar';

  // A value set from outside (the form's initial values, a reset) replaces the list.
  useEffect(() => {
    const urls = value ?? [];
    if (!sameList(urls, doneUrls(filesRef.current))) setFiles(fromUrls(urls));
  }, [value]);

  const update = (next: UploadFile[]) => {
    setFiles(next);
    filesRef.current = next;
    const urls = doneUrls(next);
    if (!sameList(urls, value ?? [])) onChange?.(urls);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const already = filesRef.current.filter((item) => item.status !== 'error').length + batch.indexOf(file);
    const refusal = checkUpload(file, kind, already, limit);
    if (refusal) {
      void message.error(refusal);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    uploadFiles(kind, [file as Blob]).then(
      ([url]) => onSuccess?.(url),
      (error: unknown) => {
        const text = error instanceof Error ? error.message : '上传失败';
        void message.error(error instanceof ApiError ? error.message : text);
        onError?.(error instanceof Error ? error : new Error(text));
      },
    );
  };

  const onListChange: UploadProps['onChange'] = ({ fileList }) => {
    // A finished file shows its URL; a failed one is dropped (its message was shown).
    update(
      fileList
        .filter((file) => file.status !== 'error')
        .map((file) =>
          file.status === 'done' && typeof file.response === 'string' ? { ...file, url: file.response } : file,
        ),
    );
  };

  const full = files.length >= limit;
  const text = label ?? (pictures ? '上传图片' : '上传文件');

  return (
    <div data-testid={testId}>
      <Upload
        name="imgFile[]"
        accept={acceptOf(kind)}
        multiple={limit > 1}
        listType={pictures ? 'picture-card' : 'text'}
        fileList={files}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={onListChange}
        disabled={disabled}
      >
        {disabled || (pictures && full) ? null : pictures ? (
          <button type="button" style={{ border: 0, background: 'none' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{text}</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />}>{text}</Button>
        )}
      </Upload>
    </div>
  );
}
