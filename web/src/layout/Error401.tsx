import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';

export default function Error401() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const noGoBack = search.has('noGoBack');
  return (
    <div className="error-page">
      <Result
        status="403"
        title="401"
        subTitle="没有权限"
        extra={[
          !noGoBack && (
            <Button key="back" onClick={() => navigate(-1)} data-testid="error-back">
              返回
            </Button>
          ),
          <Button key="home" type="primary" onClick={() => navigate('/')} data-testid="error-home">
            回首页
          </Button>,
        ]}
      />
    </div>
  );
}
