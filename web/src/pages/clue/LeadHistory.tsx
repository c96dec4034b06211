/** A lead's facts and its history (who, when, what, remark, files), as the regulator and the project see them. */
import { useEffect, useState } from 'react';
import { Descriptions, Image, Tag, Timeline, Typography } from 'antd';
import Attachment from '@/components/upload/Attachment';
import { photoUrl, STATUS_COLORS, type LeadDetail, type LeadFile, type LeadStep } from './service';

/**
 * The project's uploads load by the session cookie; the worker's photos are served to the session header only:
 * fetched, then shown from an object URL. A file that is not a picture (a PDF feedback) is a link.
 */
function File({ file }: { file: LeadFile }) {
  const { url, name, image } = file;
  // The project's uploads are shown from their own address at once; only the worker's photos wait for a fetch.
  const direct = url.startsWith('/uploads/');
  const [fetched, setFetched] = useState<string>();
  useEffect(() => {
    if (!image || direct) return;
    let objectUrl: string | undefined;
    photoUrl(url)
      .then((made) => {
        objectUrl = made;
        setFetched(made);
      })
      .catch(() => setFetched(undefined));
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, image, direct]);
  if (!image) return <Attachment name={name} url={url} image={false} />;
  const src = direct ? url : fetched;
  return src ? <Attachment name={name} url={url} image src={src} /> : <Tag>{name}</Tag>;
}

function StepItem({ step }: { step: LeadStep }) {
  return (
    <div data-testid="lead-step">
      <Typography.Text strong>{step.actionLabel}</Typography.Text>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        {step.actor} · {step.time}
      </Typography.Text>
      {step.remark && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{step.remark}</Typography.Paragraph>}
      {step.files.length > 0 && (
        <Image.PreviewGroup>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {step.files.map((file) => (
              <File key={file.url} file={file} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </div>
  );
}

export default function LeadHistory({ lead }: { lead: LeadDetail }) {
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'receipt', label: '受理编号', children: lead.receipt },
          { key: 'status', label: '状态', children: <Tag color={STATUS_COLORS[lead.status]}>{lead.statusLabel}</Tag> },
          ...(lead.unregistered
            ? [
                { key: 'site', label: '未登记项目', children: `${lead.siteName}${lead.siteDistrictName ? `（${lead.siteDistrictName}）` : ''}`, span: 2 },
                { key: 'siteAddress', label: '项目地址', children: lead.siteAddress, span: 2 },
                ...(lead.projectName ? [{ key: 'project', label: '关联项目', children: lead.projectName, span: 2 }] : []),
              ]
            : [{ key: 'project', label: '项目', children: lead.projectName, span: 2 }]),
          { key: 'name', label: '举报人', children: lead.reporterName },
          { key: 'phone', label: '联系电话', children: lead.phone },
          { key: 'idNumber', label: '身份证号', children: lead.idNumber },
          { key: 'source', label: '来源', children: lead.sourceLabel },
          { key: 'employer', label: '欠薪单位/班组', children: lead.employer, span: lead.employerPhone ? 1 : 2 },
          ...(lead.employerPhone ? [{ key: 'employerPhone', label: '欠薪单位电话', children: lead.employerPhone }] : []),
          { key: 'amount', label: '欠薪金额（元）', children: lead.amount },
          { key: 'months', label: '欠薪月数', children: lead.months },
          {
            key: 'deadline',
            label: '反馈期限',
            children: lead.deadline ? (
              <>
                {lead.deadline} {lead.overdue && <Tag color="red">已逾期</Tag>}
              </>
            ) : (
              '—'
            ),
          },
          { key: 'created', label: '提交时间', children: lead.createdTime },
          {
            key: 'description',
            label: '情况描述',
            span: 2,
            children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{lead.description}</Typography.Paragraph>,
          },
          ...(lead.answer ? [{ key: 'answer', label: '办结答复', span: 2, children: lead.answer }] : []),
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        处理记录
      </Typography.Title>
      <Timeline data-testid="lead-history" items={lead.steps.map((step, index) => ({ key: index, children: <StepItem step={step} /> }))} />
    </>
  );
}
