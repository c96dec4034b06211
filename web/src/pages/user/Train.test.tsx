import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import Train from './Train';
import { TRAIN_DETAIL_URL, TRAIN_LIST_URL, TRAIN_SAVE_URL } from './service';
import { errors, renderPage } from './testSetup';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

describe('Train', () => {
  it('lists the sessions and checks a new one before sending it', async () => {
    const { called } = renderPage(<Train />, {
      [TRAIN_LIST_URL]: {
        code: 201,
        data: { list: [{ id: 3, topic: '入场安全教育', date: '2026-03-05', trainer: '孙志强', hours: '1.5', content: '', attendees: 12 }], total: 1, page: 1, limit: 10 },
      },
    });
    expect(await screen.findByText('入场安全教育')).toBeTruthy();
    expect(screen.getByTestId('train-view-3').textContent).toContain('12 人');
    fireEvent.click(screen.getByTestId('train-new'));
    fireEvent.change(await screen.findByTestId('train-hours'), { target: { value: '0.2' } });
    fireEvent.click(screen.getByTestId('train-submit'));
    await waitFor(() => expect(errors()).toContain('请填写1-50个字的培训主题'));
    expect(errors()).toContain('请填写1-20个字的培训讲师');
    expect(errors()).toContain('培训学时应为0.5-24之间的数字，最多1位小数');
    expect(errors()).toContain('请选择参加培训的人员');
    expect(called(TRAIN_SAVE_URL)).toHaveLength(0);
  });

  it('shows a session in full from 操作 → 详情', async () => {
    const line = { id: 3, topic: '入场安全教育', date: '2026-03-05', trainer: '孙志强', hours: '1.5', content: '高处作业与临时用电', attendees: 1 };
    renderPage(<Train />, {
      [TRAIN_LIST_URL]: { code: 201, data: { list: [line], total: 1, page: 1, limit: 10 } },
      [TRAIN_DETAIL_URL]: { code: 201, data: { ...line, attendeeList: [{ id: 8, name: '王建军', idNumber: '410105198805123015' }] } },
    });
    expect(await screen.findByRole('columnheader', { name: '操作' })).toBeTruthy();
    fireEvent.click(await screen.findByTestId('train-detail-3'));
    const detail = await screen.findByTestId('train-detail');
    expect(detail.textContent).toContain('高处作业与临时用电');
    expect(detail.textContent).toContain('孙志强');
    expect(await screen.findByText('王建军')).toBeTruthy();
  });
});
