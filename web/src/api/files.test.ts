import { ApiError } from './client';
import { fetchFile, fetchNamedFile, postFileForFile, postFileTold, postWorkbook } from './files';

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

  it('names a file as the server does, posts a file for a file, and answers an upload with its message', async () => {
    const named = vi.fn(async (_input: string, _init?: RequestInit) => new Response('序号|账号', {
      status: 200,
      headers: { 'Content-Type': 'text/plain', 'Content-Disposition': `attachment; filename="batch"; filename*=UTF-8''${encodeURIComponent('GZ1_代发.txt')}` },
    }));
    vi.stubGlobal('fetch', named);
    const batch = await fetchNamedFile('/builder/wage/v1/Payout/batchfile', { orderId: 5, format: 'generic-txt' }, '代发文件');
    expect([batch.name, await batch.blob.text()]).toEqual(['GZ1_代发.txt', '序号|账号']);
    expect(named.mock.calls[0][0]).toBe('/builder/wage/v1/Payout/batchfile?orderId=5&format=generic-txt');
    const result = await postFileForFile('/builder/wage/v1/Payout/sandboxresult', new Blob(['x']), 'a.txt', { format: 'generic-txt' }, '回盘文件');
    expect(result.name).toBe('GZ1_代发.txt');
    expect(named.mock.calls[1][1]?.method).toBe('POST');
    expect(named.mock.calls[1][1]?.body).toBeInstanceOf(FormData);
    vi.stubGlobal('fetch', reply('statement', 'text/csv'));
    expect((await fetchNamedFile('/builder/special/v1/Account/sandboxStatement', {}, '对账单.csv')).name).toBe('对账单.csv');
    vi.stubGlobal('fetch', reply(JSON.stringify({ code: 201, message: '回盘文件已处理', data: { paid: 8, failed: 2, unchanged: 0 } }), 'application/json'));
    expect(await postFileTold('/builder/wage/v1/Payout/batchresult', new Blob(['x']), 'r.txt', { orderId: 5 })).toEqual({
      data: { paid: 8, failed: 2, unchanged: 0 },
      message: '回盘文件已处理',
    });
    vi.stubGlobal('fetch', reply(JSON.stringify({ code: 401, message: '第8行：金额与代发文件不符', data: null }), 'application/json'));
    await expect(postFileForFile('/builder/wage/v1/Payout/sandboxresult', new Blob(['x']), 'a.txt', {}, '回盘文件')).rejects.toEqual(new ApiError(401, '第8行：金额与代发文件不符'));
  });
});
