import UnitInfo from './components/UnitInfo';

/** 施工单位信息 (the general contractor). */
export default function ConstructInfo() {
  return <UnitInfo role="contractor" />;
}
