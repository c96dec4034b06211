import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useSession } from '@/store/session';
import { mockFetch, resetBrowserState } from '@/test/fetchMock';
import { TOKEN_COOKIE } from '@/utils/storage';
import UploadField from './UploadField';
import { checkUpload, MAX_UPLOAD_BYTES } from './uploadRules';


function file(name: string, size = 1024, type = 'image/png'): File {
  const blob = new File(['x'], name, { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

function start(kind: 'guarantee' | 'contract', value: string[] = []) {
  resetBrowserState();
  useSession.setState({ token: 'tok', side: 'builder', roles: ['builder'], userInfo: null, siteConfig: null });
  document.cookie = `${TOKEN_COOKIE}=tok; path=/`;
  let n = 0;
  const mock = mockFetch({ '/builder/common/v1/site/upload_file_batch': () => ({ code: 201, message: '操作成功!', data: [`/uploads/f${++n}.png`] }) });
  const onChange = vi.fn();
  render(<UploadField kind={kind} value={value} onChange={onChange} data-testid="field" />);
  const input = screen.getByTestId('field').querySelector('input[type=file]') as HTMLInputElement;
  const pick = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { ...mock, onChange, pick };
}

describe('checkUpload', () => {
  it('checks count, type and size in that order', () => {
    expect(checkUpload({ name: 'a.PDF', size: 10 }, 'guarantee', 0)).toBeUndefined();
    expect(checkUpload({ name: 'a.exe', size: 10 }, 'guarantee', 0)).toBe('该文件不能上传');
    expect(checkUpload({ name: 'a.gif', size: 10 }, 'contract', 0)).toBe('该文件不能上传');
    expect(checkUpload({ name: 'a.jpg', size: MAX_UPLOAD_BYTES + 1 }, 'contract', 0)).toBe('上传文件大小不能超过 5MB!');
    expect(checkUpload({ name: 'a.jpg', size: MAX_UPLOAD_BYTES }, 'contract', 8)).toBeUndefined();
    expect(checkUpload({ name: 'a.jpg', size: 10 }, 'contract', 9)).toBe('当前限制选择9个文件');
    expect(checkUpload({ name: 'a.pdf', size: 10 }, 'guarantee', 1)).toBe('当前限制选择1个文件');
  });
});

describe('UploadField', () => {
  it('uploads a file to its kind and answers the URL', async () => {
    const { pick, onChange, called } = start('guarantee');
    pick(file('保函.pdf', 2048, 'application/pdf'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['/uploads/f1.png']));
    const [call] = called('/builder/common/v1/site/upload_file_batch');
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/builder/common/v1/site/upload_file_batch?kind=guarantee');
    expect(call.headers['X-Token']).toBe('tok');
  });

  it('refuses a file of the wrong type without sending it', async () => {
    const { pick, onChange, called } = start('guarantee');
    pick(file('程序.exe', 100, 'application/octet-stream'));
    expect(await screen.findByText('该文件不能上传')).toBeTruthy();
    expect(called('/builder/common/v1/site/upload_file_batch')).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file above 5 MB without sending it', async () => {
    const { pick, called } = start('contract');
    pick(file('现场.jpg', MAX_UPLOAD_BYTES + 1, 'image/jpeg'));
    expect(await screen.findByText('上传文件大小不能超过 5MB!')).toBeTruthy();
    expect(called('/builder/common/v1/site/upload_file_batch')).toHaveLength(0);
  });

  it('refuses the files beyond the limit', async () => {
    const held = Array.from({ length: 8 }, (_, i) => `/uploads/held${i}.png`);
    const { pick, onChange, called } = start('contract', held);
    pick(file('a.png'), file('b.png'));
    expect(await screen.findByText('当前限制选择9个文件')).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([...held, '/uploads/f1.png']));
    expect(called('/builder/common/v1/site/upload_file_batch')).toHaveLength(1);
  });

  it('shows a refused upload', async () => {
    resetBrowserState();
    mockFetch({ '/builder/common/v1/site/upload_file_batch': { code: 401, message: '该文件不能上传', data: null } });
    const onChange = vi.fn();
    render(<UploadField kind="guarantee" value={[]} onChange={onChange} data-testid="field" />);
    const input = screen.getByTestId('field').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('a.pdf', 10, 'application/pdf')] } });
    expect(await screen.findByText('该文件不能上传')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalledWith(expect.arrayContaining([expect.any(String)]));
  });
});
