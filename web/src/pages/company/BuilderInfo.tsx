import UnitInfo from './components/UnitInfo';

/** 建设单位信息. */
export default function BuilderInfo() {
  return <UnitInfo role="builder" />;
}
