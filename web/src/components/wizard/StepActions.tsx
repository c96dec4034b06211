/** A wizard step's foot: the notice when the project may not be changed, 上一步 (when there is one) and the step's own action. */
import { Alert, Button } from 'antd';

export default function StepActions({
  editable,
  onBack,
  onSubmit,
  saving,
  submitText,
  submitTestId,
}: {
  editable: boolean;
  onBack?: () => void;
  onSubmit: () => void;
  saving: boolean;
  submitText: string;
  submitTestId: string;
}) {
  return (
    <>
      {!editable && <Alert type="info" showIcon title="项目当前不可修改" className="wizard-alert" />}
      <div className="wizard-actions">
        {onBack && (
          <Button onClick={onBack} data-testid="wizard-back">
            上一步
          </Button>
        )}
        <Button type="primary" onClick={onSubmit} loading={saving} disabled={!editable} data-testid={submitTestId}>
          {submitText}
        </Button>
      </div>
    </>
  );
}
