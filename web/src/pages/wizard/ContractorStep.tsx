/** Wizard step 3, 施工单位信息: loads `Site/contractorEdit` and shows the unit form (UnitStep). */
import { useQuery } from '@tanstack/react-query';
import { StepLoading, StepLoadFailed } from './StepLoad';
import UnitStep from './UnitStep';
import { fetchContractorEdit } from './service';

export const CONTRACTOR_EDIT_KEY = ['wizard', 'contractorEdit'] as const;

export default function ContractorStep({ onBack, onSaved }: { onBack: () => void; onSaved: () => void }) {
  const query = useQuery({ queryKey: CONTRACTOR_EDIT_KEY, queryFn: fetchContractorEdit });
  if (query.isPending) return <StepLoading />;
  if (!query.data) return <StepLoadFailed title="施工单位信息加载失败" error={query.error} onRetry={() => void query.refetch()} onBack={onBack} />;
  return <UnitStep key={query.dataUpdatedAt} role="contractor" data={query.data} onBack={onBack} onSaved={onSaved} />;
}
