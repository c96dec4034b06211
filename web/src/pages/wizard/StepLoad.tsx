/** A step's loading and load-failure states. */
import { Button, Result, Spin } from 'antd';
import { ApiError, MSG_UNKNOWN } from '@/api/client';

export function StepLoading() {
  return (
    <Spin className="wizard-loading" description="加载中…" size="large">
      <div />
    </Spin>
  );
}

export function StepLoadFailed({ title, error, onRetry, onBack }: { title: string; error: unknown; onRetry: () => void; onBack: () => void }) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={error instanceof ApiError ? error.message : MSG_UNKNOWN}
      extra={[
        <Button key="back" onClick={onBack} data-testid="wizard-back">
          上一步
        </Button>,
        <Button key="retry" onClick={onRetry}>
          重试
        </Button>,
      ]}
    />
  );
}
