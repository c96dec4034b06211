import { ApiError } from './client';
import { fetchFile, postWorkbook } from './files';

function reply(body: BodyInit, contentType: string, status = 200) {
  return vi.fn(async (_input: string, _init?: RequestInit) => new Response(body, { status, headers: { 'Content-Type': contentType } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('files', () => {
  it('fetches a file with its filters, and throws the envelope that refuses it', async () => {
    const ok = reply('xlsx-bytes', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    vi.stubGlobal('fetch', ok);
    expect(await (await fetchFile('/builder/attendance/v1/Sheet/export', { month: '2026-10' })).text()).toBe('xlsx-bytes');
    expect(ok.mock.calls[0][0]).toBe('/builder/attendance/v1/Sheet/export?month=2026-10');
    vi.stubGlobal('fetch', reply(JSON.stringify({ code: 403, message: '财务账号无权访问该功能', data: null }), 'application/json'));
    await expect(fetchFile('/builder/attendance/v1/Sheet/export')).rejects.toEqual(new ApiError(403, '财务账号无权访问该功能'));
  });

  it('posts a workbook and answers the data, or throws the refusal', async () => {
    const ok = reply(JSON.stringify({ code: 201, message: '', data: { saved: 2 } }), 'application/json');
    vi.stubGlobal('fetch', ok);
    expect(await postWorkbook('/builder/user/v1/Worker/import', new Blob(['a']), 'a.xlsx')).toEqual({ saved: 2 });
    expect(ok.mock.calls[0][1]?.body).toBeInstanceOf(FormData);
    await postWorkbook('/builder/user/v1/Worker/import', new Blob(['a']), 'a.xlsx', { confirmRows: '3,4' });
    expect(ok.mock.calls[1][0]).toBe('/builder/user/v1/Worker/import?confirmRows=3%2C4');
    vi.stubGlobal('fetch', reply(JSON.stringify({ code: 401, message: '请上传.xlsx格式的花名册文件', data: null }), 'application/json'));
    await expect(postWorkbook('/builder/user/v1/Worker/import', new Blob(['a']), 'a.xlsx')).rejects.toEqual(new ApiError(401, '请上传.xlsx格式的花名册文件'));
    vi.stubGlobal('fetch', reply('', 'text/plain', 502));
    await expect(postWorkbook('/builder/user/v1/Worker/import', new Blob(['a']), 'a.xlsx')).rejects.toThrow('网络错误：HTTP 502');
  });
});
