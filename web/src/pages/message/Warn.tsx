import UnderConstruction from '@/components/UnderConstruction';

export default function Warn() {
  return <UnderConstruction title="预警信息" />;
}
