import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWorkerPage } from '@/test/renderWorkerPage';

const LIST = '/worker/clue/v1/Clue/list';

const lead = (n: number, status = 'pending', statusLabel = '待处理', answer = '') => ({
  receipt: `XS20261129${String(n).padStart(8, '0')}`,
  projectName: '郑州市金水区幸福里安置房项目',
  owed: '8600.50',
  status,
  statusLabel,
  createdAt: '2026-11-29 10:00:00',
  answer,
});

describe('his leads', () => {
  it('lists them newest first with status and answer, a page at a time', async () => {
    const first = [lead(12, 'closed', '已办结', '已责令补发'), ...Array.from({ length: 9 }, (_, index) => lead(11 - index))];
    const { called } = renderWorkerPage('/w/leads', {
      [LIST]: (call) => {
        const page = new URL(call.url, 'http://x').searchParams.get('page');
        return { code: 201, message: '', data: { list: page === '1' ? first : [lead(1)], total: 11, page: Number(page), limit: 10 } };
      },
    });
    const closed = await screen.findByTestId('my-lead-XS2026112900000012', {}, { timeout: 20_000 });
    expect(closed.textContent).toContain('已办结');
    expect(closed.textContent).toContain('¥8,600.50');
    expect(closed.querySelector('[data-testid="my-lead-answer"]')?.textContent).toBe('处理结果：已责令补发');
    expect(screen.getByTestId('leads-total').textContent).toContain('共 11 条');
    fireEvent.click(screen.getByTestId('leads-more'));
    expect(await screen.findByTestId('my-lead-XS2026112900000001')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('leads-more')).toBeNull());
    expect(called(LIST)).toHaveLength(2);
  });

  it('says when there are none and offers to report', async () => {
    const { where } = renderWorkerPage('/w/leads', { [LIST]: { code: 201, data: { list: [], total: 0, page: 1, limit: 10 } } });
    expect(await screen.findByText('您还没有反映过欠薪线索', {}, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('leads-report'));
    await waitFor(() => expect(where()).toBe('/w/report'));
  });
});
