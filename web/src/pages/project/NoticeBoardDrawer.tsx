/**
 * 维权信息告示牌 (国令724 art. 34: every site posts one): generated from the project and the site configuration,
 * printed with the browser (window.print; noticeBoard.css keeps only the board on paper). Its QR code opens the
 * worker's phone pages with the project known (`/w?project=<id>`, issue 31): his attendance and pay, or a lead.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { ApiError, MSG_UNKNOWN } from '@/api/client';
import { useProjectId } from '@/store/useProjectId';
import { fetchNoticeBoard, type BoardUnit, type NoticeBoard } from './service';
import './noticeBoard.css';

function UnitLine({ unit, fallbackRole }: { unit?: BoardUnit | null; fallbackRole: string }) {
  if (!unit) {
    return (
      <tr>
        <th>{fallbackRole}</th>
        <td colSpan={3}>（未登记）</td>
      </tr>
    );
  }
  return (
    <tr>
      <th>{unit.role}</th>
      <td>{unit.name}</td>
      <td>{unit.leader || '—'}</td>
      <td>{unit.leaderPhone || '—'}</td>
    </tr>
  );
}

/** The absolute address the board's QR code opens: the worker's pages, with the project known. */
export const workerEntryUrl = (projectId: number) => `${window.location.origin}/w?project=${projectId}`;

/** The QR code as a PNG data URL, so that it prints as it shows; the encoder is its own chunk. */
async function qrDataUrl(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 480, color: { dark: '#000000', light: '#ffffff' } });
}

function BoardQr({ url }: { url: string }) {
  const qr = useQuery({ queryKey: ['noticeBoard', 'qr', url], queryFn: () => qrDataUrl(url), staleTime: Infinity });
  return (
    <figure className="notice-board-qr" data-testid="notice-board-qr">
      {qr.data ? (
        <img src={qr.data} alt={`二维码：${url}`} data-testid="notice-board-qr-image" data-url={url} />
      ) : (
        <div className="notice-board-qr-empty">{qr.isError ? '二维码生成失败' : '二维码生成中…'}</div>
      )}
      <figcaption>扫码查看本人考勤工资 · 反映欠薪</figcaption>
    </figure>
  );
}

export function Board({ board, projectId }: { board: NoticeBoard; projectId?: number }) {
  return (
    <div className="notice-board" data-testid="notice-board">
      <h1>农民工工资维权信息告示牌</h1>
      <p className="notice-board-project">
        项目名称：{board.projectName}
        <br />
        项目地址：{board.address || '—'}
        <br />
        合同工期：{board.startTime || '—'} 至 {board.completionDate || '—'}
      </p>
      <table>
        <thead>
          <tr>
            <th>参建单位</th>
            <th>单位名称</th>
            <th>项目负责人</th>
            <th>联系电话</th>
          </tr>
        </thead>
        <tbody>
          <UnitLine unit={board.builder} fallbackRole="建设单位" />
          <UnitLine unit={board.contractor} fallbackRole="施工总承包单位" />
          {board.subcontractors.map((unit, index) => (
            <UnitLine key={`${unit.name}-${index}`} unit={unit} fallbackRole={unit.role} />
          ))}
          {board.labourClerks.map((person, index) => (
            <tr key={`clerk-${index}`} data-testid="notice-board-clerk">
              <th>劳资专管员</th>
              <td>{person.unit}</td>
              <td>{person.name}</td>
              <td>{person.phone}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="notice-board-bottom">
        <div className="notice-board-facts">
          <p>
            当地最低工资标准：月最低工资 <strong>{board.minimumMonthlyWage}</strong> 元，小时最低工资{' '}
            <strong>{board.minimumHourlyWage}</strong> 元。
          </p>
          <p>
            工资支付日期：<strong>{board.payDay}</strong>。工资由施工总承包单位通过农民工工资专用账户直接发放至本人银行卡。
          </p>
          <p>
            劳动保障监察机构：<strong>{board.regulatorName || '—'}</strong>，电话：<strong>{board.regulatorPhone}</strong>
          </p>
          <p>
            人力资源社会保障服务热线（欠薪投诉举报）：<strong>{board.complaintHotline}</strong>
          </p>
        </div>
        {projectId !== undefined && <BoardQr url={workerEntryUrl(projectId)} />}
      </div>
      <p className="notice-board-footer">
        依据《保障农民工工资支付条例》（国务院令第724号）设置。如遇欠薪，请向劳资专管员反映或拨打上述电话投诉举报。
        <span>生成日期：{board.generatedDate}</span>
      </p>
    </div>
  );
}

/** `projectId`: the project the board's QR code names (the one shown); without it the board has no QR code. */
export default function NoticeBoardDrawer({ open, onClose, projectId: boardProject }: { open: boolean; onClose: () => void; projectId?: number }) {
  const projectId = useProjectId();
  const board = useQuery({ queryKey: ['project', 'noticeBoard', projectId ?? ''], queryFn: fetchNoticeBoard, enabled: open });
  return (
    <Drawer
      title="维权信息告示牌"
      open={open}
      onClose={onClose}
      size={860}
      rootClassName="notice-board-drawer"
      extra={
        <Button type="primary" icon={<PrinterOutlined />} disabled={!board.data} onClick={() => window.print()} data-testid="notice-board-print">
          打印
        </Button>
      }
    >
      {board.isLoading && <Spin description="加载中…" />}
      {board.isError && (
        <Alert type="error" showIcon title={board.error instanceof ApiError ? board.error.message : MSG_UNKNOWN} />
      )}
      {board.data && <Board board={board.data} projectId={boardProject} />}
    </Drawer>
  );
}
