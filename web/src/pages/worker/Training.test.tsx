import { fireEvent, screen, waitFor } from '@testing-library/react';
import Training from './Training';
import { formErrors, renderPage } from '@/test/renderPage';


describe('Training', () => {
  it('lists the sessions and checks a new one before sending it', async () => {
    const { called } = renderPage(<Training />, {
      '/builder/user/v1/Worker/trainList': {
        code: 201,
        data: { list: [{ id: 3, topic: '入场安全教育', date: '2026-03-05', trainer: '孙志强', hours: '1.5', content: '', attendees: 12 }], total: 1, page: 1, limit: 10 },
      },
    });
    expect(await screen.findByText('入场安全教育')).toBeTruthy();
    expect(screen.getByTestId('train-view-3').textContent).toContain('12 人');
    fireEvent.click(screen.getByTestId('train-new'));
    fireEvent.change(await screen.findByTestId('train-hours'), { target: { value: '0.2' } });
    fireEvent.click(screen.getByTestId('train-submit'));
    await waitFor(() => expect(formErrors()).toContain('请填写1-50个字的培训主题'));
    expect(formErrors()).toContain('请填写1-20个字的培训讲师');
    expect(formErrors()).toContain('培训学时应为0.5-24之间的数字，最多1位小数');
    expect(formErrors()).toContain('请选择参加培训的人员');
    expect(called('/builder/user/v1/Worker/trainSave')).toHaveLength(0);
  });

  it('shows a session in full from 操作 → 详情', async () => {
    const line = { id: 3, topic: '入场安全教育', date: '2026-03-05', trainer: '孙志强', hours: '1.5', content: '高处作业与临时用电', attendees: 1 };
    renderPage(<Training />, {
      '/builder/user/v1/Worker/trainList': { code: 201, data: { list: [line], total: 1, page: 1, limit: 10 } },
      '/builder/user/v1/Worker/trainDetail': { code: 201, data: { ...line, attendeeList: [{ id: 8, name: '王建军', idNumber: '410105198805123015' }] } },
    });
    expect(await screen.findByRole('columnheader', { name: '操作' })).toBeTruthy();
    fireEvent.click(await screen.findByTestId('train-detail-3'));
    const detail = await screen.findByTestId('train-detail');
    expect(detail.textContent).toContain('高处作业与临时用电');
    expect(detail.textContent).toContain('孙志强');
    expect(await screen.findByText('王建军')).toBeTruthy();
  });

  it('corrects a session from 操作 → 修改: the form is filled from the detail and sent with its id', async () => {
    const line = { id: 3, topic: '入场安全教育', date: '2026-03-05', trainer: '孙志强', hours: '1.5', content: '高处作业与临时用电', attendees: 1 };
    const { called } = renderPage(<Training />, {
      '/builder/user/v1/Worker/trainList': { code: 201, data: { list: [line], total: 1, page: 1, limit: 10 } },
      '/builder/user/v1/Worker/trainDetail': { code: 201, data: { ...line, attendeeList: [{ id: 8, name: '王建军', idNumber: '4101**********3015' }] } },
      '/builder/user/v1/Worker/list': { code: 201, data: { list: [], total: 0, page: 1, limit: 50 } },
      '/builder/user/v1/Worker/trainSave': { code: 201, data: 3 },
    });
    fireEvent.click(await screen.findByTestId('train-edit-3'));
    expect(await screen.findByText('修改培训')).toBeTruthy();
    const topic = (await screen.findByTestId('train-topic')) as HTMLInputElement;
    expect(topic.value).toBe('入场安全教育');
    expect((screen.getByTestId('train-trainer') as HTMLInputElement).value).toBe('孙志强');
    expect((screen.getByTestId('train-hours') as HTMLInputElement).value).toBe('1.5');
    expect((screen.getByTestId('train-content') as HTMLTextAreaElement).value).toBe('高处作业与临时用电');
    expect(screen.getByTitle('王建军')).toBeTruthy();
    fireEvent.change(topic, { target: { value: '高处作业安全' } });
    fireEvent.change(screen.getByTestId('train-hours'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('train-submit'));
    await waitFor(() => expect(called('/builder/user/v1/Worker/trainSave')).toHaveLength(1));
    const sent = called('/builder/user/v1/Worker/trainSave')[0].body;
    expect(sent.get('id')).toBe('3');
    expect(sent.get('topic')).toBe('高处作业安全');
    expect(sent.get('date')).toBe('2026-03-05');
    expect(sent.get('trainer')).toBe('孙志强');
    expect(sent.get('hours')).toBe('2');
    expect(sent.get('content')).toBe('高处作业与临时用电');
    expect(sent.get('workerIds')).toBe('8');
  });

  it('checks a correction as it checks a new session, and shows the server refusal', async () => {
    const line = { id: 3, topic: '入场安全教育', date: '2026-03-05', trainer: '孙志强', hours: '1.5', content: '', attendees: 1 };
    const { called } = renderPage(<Training />, {
      '/builder/user/v1/Worker/trainList': { code: 201, data: { list: [line], total: 1, page: 1, limit: 10 } },
      '/builder/user/v1/Worker/trainDetail': { code: 201, data: { ...line, attendeeList: [{ id: 8, name: '王建军', idNumber: '4101**********3015' }] } },
      '/builder/user/v1/Worker/list': { code: 201, data: { list: [], total: 0, page: 1, limit: 50 } },
      '/builder/user/v1/Worker/trainSave': { code: 401, message: '没有修改任何内容' },
    });
    fireEvent.click(await screen.findByTestId('train-edit-3'));
    const trainer = await screen.findByTestId('train-trainer');
    fireEvent.change(trainer, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('train-submit'));
    await waitFor(() => expect(formErrors()).toContain('请填写1-20个字的培训讲师'));
    expect(called('/builder/user/v1/Worker/trainSave')).toHaveLength(0);
    fireEvent.change(trainer, { target: { value: '孙志强' } });
    fireEvent.click(screen.getByTestId('train-submit'));
    expect(await screen.findByText('没有修改任何内容')).toBeTruthy();
    expect(screen.getByText('修改培训')).toBeTruthy();
  });
});
