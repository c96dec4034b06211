/** Wizard step 3, 施工单位信息: loads `Site/contractorEdit` and shows the unit form (UnitStep). */
import { useQuery } from '@tanstack/react-query';
import { LoadedStep } from '@/components/wizard/StepLoad';
import UnitStep from './UnitStep';
import { fetchContractorEdit } from '../service';

export const CONTRACTOR_EDIT_KEY = ['wizard', 'contractorEdit'] as const;

export default function ContractorStep({ onBack, onSaved }: { onBack: () => void; onSaved: () => void }) {
  const query = useQuery({ queryKey: CONTRACTOR_EDIT_KEY, queryFn: fetchContractorEdit });
  return (
    <LoadedStep query={query} failedTitle="施工单位信息加载失败" onBack={onBack}>
      {(data) => <UnitStep role="contractor" data={data} onBack={onBack} onSaved={onSaved} />}
    </LoadedStep>
  );
}
