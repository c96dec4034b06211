import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import FileList from './FileList';

const PDF = '/uploads/0123456789abcdef0123456789abcdef.pdf';
const PNG = '/uploads/fedcba9876543210fedcba9876543210.png';

describe('FileList', () => {
  it('names each file as it was uploaded, a PDF as a link and a picture as a thumbnail', async () => {
    const { called } = renderPage(<FileList urls={[PDF, PNG]} testId="files" />, {
      '/builder/common/v1/site/file_names': {
        code: 201,
        data: [
          { url: PDF, name: '履约保函.pdf', image: false },
          { url: PNG, name: '发放现场.png', image: true },
        ],
      },
    });
    const link = await screen.findByRole('link', { name: /履约保函\.pdf/ });
    expect(link.getAttribute('href')).toBe(PDF);
    expect(screen.getByRole('img', { name: '发放现场.png' }).getAttribute('src')).toBe(PNG);
    expect(new URL(called('/builder/common/v1/site/file_names')[0].url, 'http://x').searchParams.get('urls')).toBe(`${PDF},${PNG}`);
    expect(screen.getByTestId('files').textContent).not.toContain('0123456789abcdef');
  });

  it('never shows a stored name: a file the server does not name is 附件N', async () => {
    const { called } = renderPage(<FileList urls={[PDF]} />, { '/builder/common/v1/site/file_names': { code: 201, data: [] } });
    await waitFor(() => expect(called('/builder/common/v1/site/file_names')).toHaveLength(1));
    expect((await screen.findByRole('link', { name: /附件1/ })).getAttribute('href')).toBe(PDF);
    expect(document.body.textContent).not.toContain('0123456789abcdef');
  });

  it('asks nothing for no file', () => {
    const { calls } = renderPage(<FileList urls={[]} />, {});
    expect(screen.getByText('—')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('file_names'))).toHaveLength(0);
  });
});
