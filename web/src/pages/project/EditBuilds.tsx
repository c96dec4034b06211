import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, Card } from 'antd';
import { ApiError } from '@/api/client';
import { fetchParticipant } from './companyService';
import ParticipantEditor from './ParticipantEditor';

/** 编辑参建单位: `/project/editBuilds?id=…`. */
export default function EditBuilds() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const detail = useQuery({ queryKey: ['company', 'participant', id], queryFn: () => fetchParticipant(id), enabled: id > 0 });
  if (!(id > 0)) return <Alert type="error" showIcon title="请选择参建单位" />;
  if (detail.isError) return <Alert type="error" showIcon title={detail.error instanceof ApiError ? detail.error.message : '加载失败'} />;
  if (!detail.data) return <Card loading variant="borderless" />;
  return <ParticipantEditor key={`${id}-${detail.dataUpdatedAt}`} detail={detail.data} />;
}
