import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, message } from 'antd';
import { ApiError } from '@/api/client';
import { useTags } from '@/store/tagsView';
import { fetchParticipant } from './service';
import ParticipantEditor from './components/ParticipantEditor';

export const MSG_PICK_UNIT = '请从参建单位列表中选择要编辑的单位';

/** 编辑参建单位: `/project/editBuilds?id=…`; opened without an id (a bookmark, a typed address) it goes back to the list. */
export default function EditBuilds() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const detail = useQuery({ queryKey: ['company', 'participant', id], queryFn: () => fetchParticipant(id), enabled: id > 0 });
  const redirected = useRef(false);
  useEffect(() => {
    if (id > 0 || redirected.current) return;
    redirected.current = true;
    void message.info(MSG_PICK_UNIT);
    // No tab is left behind for a page that cannot be shown.
    useTags.getState().dispatch({ type: 'close', path: '/project/editBuilds' });
    navigate('/project/contractorInfo', { replace: true });
  }, [id, navigate]);
  if (!(id > 0)) return null;
  if (detail.isError) {
    return (
      <Alert type="error" showIcon title={detail.error instanceof ApiError ? detail.error.message : '加载失败'}
        action={<Button size="small" onClick={() => navigate('/project/contractorInfo')}>返回参建单位</Button>} />
    );
  }
  if (!detail.data) return <Card loading variant="borderless" />;
  return <ParticipantEditor key={`${id}-${detail.dataUpdatedAt}`} detail={detail.data} />;
}
