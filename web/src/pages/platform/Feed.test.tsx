import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import Feed from './Feed';


const refused = {
  id: 9, method: 'ProjectWorker.Add', methodLabel: '人员', label: '王建国', status: 'refused', statusLabel: '平台退回', attempts: 1,
  lastError: '', result: '身份证已过期（有效期至2026-05-01），请核实证件后重新上报', createdAt: '2026-11-27 19:00:00',
  sentAt: '2026-11-27 19:00:01', finishedAt: '2026-11-27 19:00:01',
};

describe('Feed', () => {
  it('keeps the secret write-only, lists the records with the refusal and sends now', async () => {
    const { called } = renderPage(<Feed />, {
      '/builder/platform/v1/Setting/get': { code: 201, data: { appId: 'wg-demo-app', secretSet: true, endpoint: '', enabled: true, updatedAt: '2026-11-27 18:59:00' } },
      '/builder/platform/v1/Setting/save': { code: 201, data: null },
      '/builder/platform/v1/Record/counts': { code: 201, data: { queued: 0, sent: 0, accepted: 140, refused: 1 } },
      '/builder/platform/v1/Record/list': { code: 201, data: { list: [refused], total: 141, page: 1, limit: 20 } },
      '/builder/platform/v1/Record/send': { code: 201, data: { queued: 1, sent: 1, accepted: 1, refused: 0, error: '' } },
    });
    expect(await screen.findByText('身份证已过期（有效期至2026-05-01），请核实证件后重新上报')).toBeTruthy();
    expect(screen.getByText('平台退回', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('已保存，不再显示；留空则保持不变')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('platform-app-id') as HTMLInputElement).value).toBe('wg-demo-app'));

    fireEvent.click(screen.getByTestId('platform-save'));
    await waitFor(() => expect(called('/builder/platform/v1/Setting/save')).toHaveLength(1));
    const sent = called('/builder/platform/v1/Setting/save')[0].body;
    expect([sent.get('appId'), sent.get('appSecret'), sent.get('enabled')]).toEqual(['wg-demo-app', '', '1']);

    fireEvent.click(screen.getByTestId('platform-send'));
    await waitFor(() => expect(called('/builder/platform/v1/Record/send')).toHaveLength(1));
    expect(await screen.findByText('新增 1 条，提交 1 条，成功 1 条，退回 0 条')).toBeTruthy();
  });
});
