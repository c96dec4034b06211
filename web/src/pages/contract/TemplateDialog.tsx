/**
 * The template editor: name and body, the placeholders listed beside it (a click inserts one at the caret),
 * and the preview with a sample worker's values. The built-in template opens read-only.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space, Tag, Tooltip, Typography, message } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { showApiError } from '@/api/client';
import { useFormSubmit } from '@/utils/useFormSubmit';
import ContractText from './ContractText';
import {
  BODY_MAX,
  NAME_MAX,
  fetchPlaceholders,
  insertAt,
  previewTemplate,
  saveTemplate,
  type TemplateLine,
  type TemplateValues,
} from './service';

/** What the dialog edits: a new template (maybe a copy), one of the project's own, or the built-in one to read. */
export interface Editing {
  template?: TemplateLine;
  initial: TemplateValues;
  readOnly: boolean;
}

interface Props {
  editing: Editing | null;
  onClose: () => void;
  onSaved: () => void;
}

export default function TemplateDialog({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<TemplateValues>();
  const body = useRef<TextAreaRef>(null);
  const { saving, run } = useFormSubmit();
  const [preview, setPreview] = useState<string | null>(null);
  const placeholders = useQuery({ queryKey: ['contract', 'placeholders'], queryFn: fetchPlaceholders, staleTime: Infinity });
  const readOnly = editing?.readOnly ?? false;

  const insert = (text: string) => {
    const area = body.current?.resizableTextArea?.textArea;
    const current = form.getFieldValue('body') ?? '';
    const start = area?.selectionStart ?? current.length;
    const end = area?.selectionEnd ?? current.length;
    const next = insertAt(current, text, start, end);
    form.setFieldsValue({ body: next.value });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  const showPreview = async () => {
    try {
      setPreview((await previewTemplate(form.getFieldValue('body') ?? '')).text);
    } catch (error) {
      showApiError(error);
    }
  };

  const save = (values: TemplateValues) =>
    run(async () => {
      const saved = await saveTemplate(values, editing?.template?.id);
      void message.success(`已保存（第${saved.version}版）`);
      onSaved();
    });

  const title = readOnly ? '查看合同模板' : editing?.template ? '编辑合同模板' : '新增合同模板';
  return (
    <Modal
      open={editing !== null}
      title={title}
      width={960}
      destroyOnHidden
      onCancel={() => {
        setPreview(null);
        onClose();
      }}
      afterOpenChange={(open) => {
        if (open && editing) form.setFieldsValue(editing.initial);
        if (!open) setPreview(null);
      }}
      footer={
        <Space>
          <Button onClick={() => void showPreview()} data-testid="template-preview">预览</Button>
          <Button onClick={onClose}>{readOnly ? '关闭' : '取消'}</Button>
          {!readOnly && (
            <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="template-save">
              保存
            </Button>
          )}
        </Space>
      }
    >
      {readOnly && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="默认范本供各项目使用，不能修改；可复制后另存为本项目的模板。" />}
      <Form<TemplateValues> form={form} layout="vertical" initialValues={editing?.initial} onFinish={(values) => void save(values)} disabled={readOnly}>
        <Form.Item name="name" label="模板名称" rules={[{ required: true, whitespace: true, max: NAME_MAX, message: `请填写1-${NAME_MAX}个字的模板名称` }]}>
          <Input maxLength={NAME_MAX} data-testid="template-name" />
        </Form.Item>
        <div style={{ marginBottom: 8 }} data-testid="template-placeholders">
          <Typography.Text type="secondary">点击插入占位符：</Typography.Text>
          {(placeholders.data ?? []).map((placeholder) => (
            <Tooltip key={placeholder.name} title={placeholder.meaning}>
              <Tag
                color="blue"
                style={{ cursor: readOnly ? 'default' : 'pointer', marginBottom: 4 }}
                data-testid={`placeholder-${placeholder.name}`}
                onClick={() => !readOnly && insert(placeholder.text)}
              >
                {placeholder.text}
              </Tag>
            </Tooltip>
          ))}
        </div>
        <Form.Item name="body" label="合同正文" rules={[{ required: true, whitespace: true, message: '请填写合同正文' }]}>
          <Input.TextArea ref={body} rows={16} maxLength={BODY_MAX} data-testid="template-body" />
        </Form.Item>
      </Form>
      {preview !== null && (
        <div data-testid="template-preview-text">
          <Typography.Title level={5}>预览（示例工人：张建国）</Typography.Title>
          <div style={{ border: '1px solid #f0f0f0', padding: 16, maxHeight: 360, overflow: 'auto' }}>
            <ContractText text={preview} />
          </div>
        </div>
      )}
    </Modal>
  );
}
