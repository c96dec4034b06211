import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildMenu } from '@/router/menu';
import { normalRoutes } from '@/router/routes';
import { filterByRoles } from '@/router/routeTree';
import { renderPage } from '@/test/renderPage';
import DataExport from './DataExport';
import { sizeText, type ExportJob } from './service';


const LIST = '/builder/backup/v1/Export/ajax_list';
const START = '/builder/backup/v1/Export/start';

const job = (extra: Partial<ExportJob>): ExportJob => ({
  id: 3,
  status: 'running',
  statusText: '导出中',
  progress: 40,
  fileName: '',
  size: 0,
  requestedName: '演示项目',
  createdAt: '2026-11-25 10:00:00',
  finishedAt: '',
  expiresAt: '2026-12-02 10:00:00',
  detail: '',
  ...extra,
});

const page = (list: ExportJob[]) => ({ code: 201, message: '', data: { list, total: list.length, page: 1, limit: 10 } });

describe('DataExport', () => {
  it('is on the 系统设置 menu of the clerk', () => {
    const system = buildMenu(filterByRoles(normalRoutes, ['builder'])).find((node) => node.key === '/system')?.children ?? [];
    expect(system).toContainEqual({ key: '/system/digital', label: '数据导出备份' });
  });

  it('starts an export, shows its progress while polling, then offers the download', async () => {
    let asked = 0;
    const { called } = renderPage(<DataExport />, {
      [LIST]: () => {
        asked += 1;
        if (called(START).length === 0) return page([]);
        if (asked < 4) return page([job({})]);
        return page([job({ status: 'done', statusText: '已完成', progress: 100, fileName: '演示项目-数据导出.zip', size: 2_500_000 })]);
      },
      [START]: { code: 201, message: '导出任务已开始', data: job({ status: 'queued', statusText: '排队中', progress: 0 }) },
    });
    fireEvent.click(await screen.findByTestId('export-start'));
    await waitFor(() => expect(called(START)).toHaveLength(1));
    expect(await screen.findByTestId('export-progress-3')).toBeTruthy();
    expect((screen.getByTestId('export-start') as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByTestId('export-download-3')).toBeTruthy();
    expect(screen.getByText('演示项目-数据导出.zip')).toBeTruthy();
    expect(screen.getByText('2.4 MB')).toBeTruthy();
  });

  it('shows an expired export as 已过期 without a download, and a failure with its reason', async () => {
    renderPage(<DataExport />, {
      [LIST]: page([
        job({ id: 5, status: 'expired', statusText: '已过期', progress: 100, fileName: 'a.zip', size: 10 }),
        job({ id: 4, status: 'failed', statusText: '失败', detail: '服务重启，导出中断，请重新导出' }),
      ]),
    });
    expect((await screen.findByTestId('export-status-5')).textContent).toBe('已过期');
    expect(screen.queryByTestId('export-download-5')).toBeNull();
    expect(screen.getByText('服务重启，导出中断，请重新导出')).toBeTruthy();
  });

  it('reads sizes as the clerk does', () => {
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(2048)).toBe('2 KB');
    expect(sizeText(1_572_864)).toBe('1.5 MB');
  });
});
