import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Image, Spin, Table, Tag } from 'antd';
import { ApiError } from '@/api/client';
import { fetchDetail, type RosterLine } from './service';

export const StatusTag = ({ status }: { status: number }) =>
  status === 1 ? <Tag color="green">在场</Tag> : <Tag>退场</Tag>;

const wageText = (line: RosterLine) => `${line.wage} 元/${line.wageKind === 'month' ? '月' : '日'}`;

/** The roster line's detail: the person's ID data, wage card, contract and employments on this project. */
export default function WorkerDrawer({ id, projectId, onClose }: { id: number | null; projectId?: string; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ['worker', 'detail', id, projectId ?? ''],
    queryFn: () => fetchDetail(id as number, projectId),
    enabled: id !== null,
  });
  const data = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title="人员详情" size={720} destroyOnHidden>
      {detail.isLoading && <Spin />}
      {detail.isError && (
        <Alert type="error" showIcon title={detail.error instanceof ApiError ? detail.error.message : '加载失败'} />
      )}
      {data && (
        <div data-testid="worker-detail">
          <Descriptions title="身份证信息" column={2} size="small" bordered>
            <Descriptions.Item label="姓名">{data.name}</Descriptions.Item>
            <Descriptions.Item label="身份证号">{data.idNumber}</Descriptions.Item>
            <Descriptions.Item label="性别">{data.gender}</Descriptions.Item>
            <Descriptions.Item label="民族">{data.ethnicity || '—'}</Descriptions.Item>
            <Descriptions.Item label="出生日期">{data.birthDate}</Descriptions.Item>
            <Descriptions.Item label="年龄">{data.age ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="籍贯">{data.nativePlace}</Descriptions.Item>
            <Descriptions.Item label="签发机关">{data.issuingAuthority || '—'}</Descriptions.Item>
            <Descriptions.Item label="住址" span={2}>{data.address || '—'}</Descriptions.Item>
            <Descriptions.Item label="有效期">{data.validFrom || data.validTo ? `${data.validFrom} 至 ${data.validTo}` : '—'}</Descriptions.Item>
            <Descriptions.Item label="照片">{data.photo ? <Image src={data.photo} width={64} /> : '未上传'}</Descriptions.Item>
          </Descriptions>
          <Descriptions title="进场信息" column={2} size="small" bordered style={{ marginTop: 16 }}>
            <Descriptions.Item label="手机号码">{data.phone}</Descriptions.Item>
            <Descriptions.Item label="工资卡号">{data.wageCardNumber || '—'}</Descriptions.Item>
            <Descriptions.Item label="所属单位">{data.unitName}</Descriptions.Item>
            <Descriptions.Item label="班组">{data.teamName || '—'}</Descriptions.Item>
            <Descriptions.Item label="工种">{data.workTypeLabel}</Descriptions.Item>
            <Descriptions.Item label="工资标准">{wageText(data)}</Descriptions.Item>
            <Descriptions.Item label="劳动合同">
              {data.contractSigned ? `已签订 ${data.contractStart} 至 ${data.contractEnd}` : '未签订'}
            </Descriptions.Item>
            <Descriptions.Item label="合同文件">
              {data.contractFile ? <a href={data.contractFile} target="_blank" rel="noreferrer">查看</a> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="进场日期">{data.entryDate}</Descriptions.Item>
            <Descriptions.Item label="状态"><StatusTag status={data.status} /></Descriptions.Item>
          </Descriptions>
          <Table<RosterLine>
            style={{ marginTop: 16 }}
            title={() => '本项目进退场记录'}
            size="small"
            rowKey="id"
            pagination={false}
            data-testid="worker-history"
            dataSource={data.history}
            columns={[
              { title: '进场日期', dataIndex: 'entryDate' },
              { title: '退场日期', dataIndex: 'exitDate', render: (text: string) => text || '—' },
              { title: '班组', dataIndex: 'teamName' },
              { title: '状态', dataIndex: 'status', render: (status: number) => <StatusTag status={status} /> },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
