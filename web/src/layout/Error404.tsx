import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';

export default function Error404() {
  const navigate = useNavigate();
  return (
    <div className="error-page">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在"
        extra={
          <Button type="primary" onClick={() => navigate('/')} data-testid="error-home">
            回首页
          </Button>
        }
      />
    </div>
  );
}
