/**
 * The regulator's project in view, in the header: which project every enterprise page shows, a search to
 * change it (the directory's list), and the way back to the directory. Admin only.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Tag } from 'antd';
import { fetchDirectory, EMPTY_DIRECTORY_FILTER } from '@/pages/regulator/service';
import { useProjectInView } from '@/store/projectInView';

const CHOICES = 20;

export default function ProjectPicker() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { project, view, clear } = useProjectInView();
  const [name, setName] = useState('');
  const [open, setOpen] = useState(false);
  const choices = useQuery({
    queryKey: ['regulator', 'picker', name],
    queryFn: () => fetchDirectory({ ...EMPTY_DIRECTORY_FILTER, name }, 1, CHOICES),
    enabled: open,
  });

  const choose = (id: number) => {
    const row = choices.data?.list.find((candidate) => candidate.id === id);
    if (!row) return;
    view({ id: row.id, name: row.name });
    void queryClient.invalidateQueries();
  };

  return (
    <Space size={8} className="navbar-project-picker" data-testid="project-picker">
      <span>查看项目：</span>
      {project ? (
        <Tag color="blue" closable onClose={() => clear()} data-testid="project-in-view">
          {project.name}
        </Tag>
      ) : (
        <Tag data-testid="project-in-view">未选择</Tag>
      )}
      <Select<number>
        showSearch
        size="small"
        style={{ width: 200 }}
        placeholder="切换项目"
        value={null}
        filterOption={false}
        onSearch={setName}
        onOpenChange={setOpen}
        loading={choices.isFetching}
        options={(choices.data?.list ?? []).map((row) => ({ value: row.id, label: row.name }))}
        onChange={choose}
        data-testid="project-picker-select"
      />
      <Button size="small" type="link" onClick={() => navigate('/regulator/projects')} data-testid="project-picker-directory">
        项目目录
      </Button>
    </Space>
  );
}
