import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import FeedbackDetail from './FeedbackDetail';
import FeedbackList from './FeedbackList';
import { detail, item } from './fixtures';


const LIST = '/builder/clue/v1/Clue/ajax_list';
const DETAIL = '/builder/clue/v1/Clue/detail';
const FEEDBACK = '/builder/clue/v1/Clue/feedback';

describe('FeedbackList', () => {
  it('lists the leads dispatched to the project and opens one', async () => {
    const dispatched = { ...item, status: 'dispatched', statusLabel: '待反馈', deadline: '2026-11-27', overdue: true };
    renderPage(<FeedbackList />, { [LIST]: { code: 201, data: { list: [dispatched], total: 1, page: 1, limit: 20 } } });
    expect(await screen.findByText('2026-11-27')).toBeTruthy();
    expect(screen.getByText('逾期')).toBeTruthy();
    fireEvent.click(screen.getByTestId('feedback-open-7'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/remunerationClues/feedbackDetail?id=7'));
  });
});

describe('FeedbackDetail', () => {
  it('shows the lead and its history and sends the feedback', async () => {
    const { called } = renderPage(
      <FeedbackDetail />,
      { [DETAIL]: { code: 201, data: detail('returned', '已退回') }, [FEEDBACK]: { code: 201 } },
      { path: '/remunerationClues/feedbackDetail?id=7' },
    );
    expect(await screen.findByText('三个月工资没有发放')).toBeTruthy();
    expect(new URL(called(DETAIL)[0].url, 'http://x').searchParams.get('id')).toBe('7');
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: '凭证已上传' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(called(FEEDBACK)).toHaveLength(1));
    expect(called(FEEDBACK)[0].body.get('content')).toBe('凭证已上传');
    expect(called(FEEDBACK)[0].body.get('id')).toBe('7');
  });

  it('shows a PDF feedback file as a link by its name, a picture as a thumbnail', async () => {
    const lead = detail('feedback', '待审核');
    lead.steps[1].files = [
      { name: '整改说明.pdf', url: '/uploads/3f9a1c.pdf', image: false },
      { name: '工资发放表.png', url: '/uploads/77b2e0.png', image: true },
    ];
    renderPage(<FeedbackDetail />, { [DETAIL]: { code: 201, data: lead } }, { path: '/remunerationClues/feedbackDetail?id=7' });
    const pdf = await screen.findByRole('link', { name: /整改说明\.pdf/ });
    expect(pdf.getAttribute('href')).toBe('/uploads/3f9a1c.pdf');
    expect(document.querySelector('img[src="/uploads/3f9a1c.pdf"]')).toBeNull();
    expect((await screen.findByAltText('工资发放表.png')).getAttribute('src')).toBe('/uploads/77b2e0.png');
    expect(screen.queryByText(/3f9a1c/)).toBeNull();
  });

  it('has no form once the feedback awaits review', async () => {
    renderPage(<FeedbackDetail />, { [DETAIL]: { code: 201, data: detail('feedback', '待审核') } }, { path: '/remunerationClues/feedbackDetail?id=7' });
    expect(await screen.findByText('三个月工资没有发放')).toBeTruthy();
    expect(screen.queryByTestId('feedback-content')).toBeNull();
  });
});
