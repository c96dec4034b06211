/** A step's data: loading, load failure (with 上一步 and 重试), then the step itself. */
import { Fragment, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { ApiError, MSG_UNKNOWN } from '@/api/client';

function StepLoading() {
  return (
    <Spin className="wizard-loading" description="加载中…" size="large">
      <div />
    </Spin>
  );
}

function StepLoadFailed({ title, error, onRetry, onBack }: { title: string; error: unknown; onRetry: () => void; onBack: () => void }) {
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

/**
 * Shows `children` with the loaded data, keyed by the load's time so that a reload resets the form.
 * `failedTitle` names what did not load.
 */
export function LoadedStep<T>({
  query,
  failedTitle,
  onBack,
  children,
}: {
  query: UseQueryResult<T>;
  failedTitle: string;
  onBack: () => void;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <StepLoading />;
  if (!query.data) return <StepLoadFailed title={failedTitle} error={query.error} onRetry={() => void query.refetch()} onBack={onBack} />;
  return <Fragment key={query.dataUpdatedAt}>{children(query.data)}</Fragment>;
}
