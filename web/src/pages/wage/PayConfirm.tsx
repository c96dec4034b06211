import { Alert, Descriptions, Modal } from 'antd';
import { groupYuan } from '@/utils/money';
import type { WagePayPreview } from './service';

/** ¥ with thousands separators. */
const money = (yuan: string) => `¥${groupYuan(yuan)}`;

/** What a money action will do: workers, total, the cards the bank will refuse, the balance after. */
export function PaySummary({ intro, preview }: { intro: string; preview: WagePayPreview }) {
  const short = preview.balanceAfter.startsWith('-');
  const more = preview.cardProblemCount - preview.cardProblems.length;
  return (
    <div data-testid="pay-summary">
      <p>{intro}</p>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="发放人数">{preview.workers} 人</Descriptions.Item>
        <Descriptions.Item label="实发合计"><b>{money(preview.total)}</b></Descriptions.Item>
        <Descriptions.Item label="专户余额">{preview.balance === '' ? '未开立专户' : money(preview.balance)}</Descriptions.Item>
        {preview.balance !== '' && (
          <Descriptions.Item label="发放后余额">
            <span style={short ? { color: '#cf1322', fontWeight: 600 } : undefined} data-testid="pay-balance-after">
              {money(preview.balanceAfter)}{short ? '（专户余额不足）' : ''}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {preview.cardProblemCount > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          title={`${preview.cardProblemCount} 人的工资卡银行将拒绝支付，请先修改工资卡`}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="pay-card-problems">
              {preview.cardProblems.map((line, index) => (
                <li key={`${line.name}-${index}`}>
                  {line.name}：{line.cardNumber || '—'}{line.cardBankName ? `（${line.cardBankName}）` : ''} · {line.problem}
                </li>
              ))}
              {more > 0 && <li>另有 {more} 人</li>}
            </ul>
          }
        />
      )}
    </div>
  );
}

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** Asks before a money action, in the page's own `Modal.useModal()` holder; resolves true on OK. */
export function askToPay(modal: ModalApi, title: string, okText: string, intro: string, preview: WagePayPreview): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title,
      width: 560,
      content: <PaySummary intro={intro} preview={preview} />,
      okText,
      cancelText: '取消',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
