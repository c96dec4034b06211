/** /login: enterprise and finance tabs, password + captcha login, and SMS login where the site enables it. */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Input, message } from 'antd';
import { LockOutlined, MessageOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { showApiError } from '@/api/client';
import { fetchCaptcha, fetchSmsStatus, passwordLogin, sendSmsCode, smsLogin } from '@/api/session';
import type { CaptchaData, LoginData } from '@/api/types';
import { useSession, type Side } from '@/store/session';
import { MAX_PASSWORD_LENGTH } from '@/utils/passwordRules';
import { useCountdown } from '@/utils/useCountdown';
import { useFormSubmit } from '@/utils/useFormSubmit';

const SMS_RESEND_SECONDS = 60;
const DEFAULT_TITLE = '农民工工资支付监管平台';
const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

interface PasswordValues {
  username: string;
  password: string;
  captcha: string;
  input_sms?: string;
}

interface SmsValues {
  phone: string;
  code: string;
}

export default function Login() {
  const navigate = useNavigate();
  const { side, setSide, signIn, siteConfig } = useSession();
  const [mode, setMode] = useState<'password' | 'sms'>('password');
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  // One flag for both forms: a login in flight keeps either 登录 busy.
  const { saving, run } = useFormSubmit();
  // Whether SMS login is open, as the side it was asked for answered: closed until the current side answers.
  const [sms, setSms] = useState<{ side: Side; open: boolean } | null>(null);
  const smsOpen = sms?.side === side && sms.open;
  const [countdown, startCountdown] = useCountdown();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [smsForm] = Form.useForm<SmsValues>();

  useEffect(() => {
    let current = true;
    fetchSmsStatus(side).then(({ open_sms }) => current && setSms({ side, open: open_sms === 1 }), showApiError);
    return () => {
      current = false;
    };
  }, [side]);

  const refreshCaptcha = useCallback(() => {
    fetchCaptcha(side).then(
      // A captcha of the tab just left is no use on this one.
      (data) => useSession.getState().side === side && setCaptcha(data),
      (error: unknown) => {
        setCaptcha(null);
        showApiError(error);
      },
    );
  }, [side]);

  useEffect(refreshCaptcha, [refreshCaptcha]);

  const switchSide = (next: Side) => {
    setSide(next);
    setMode('password');
    passwordForm.resetFields(['captcha', 'input_sms']);
  };

  const enter = (data: LoginData) => {
    signIn(data);
    navigate('/', { replace: true });
  };

  const loginWithPassword = async (values: PasswordValues) => {
    if (!captcha) {
      message.warning('验证码未加载，请点击图片刷新');
      return;
    }
    await run(async () => enter(await passwordLogin(side, { ...values, captcha_id: captcha.captcha_id })), {
      // A captcha is good for one try.
      onError: (error) => {
        showApiError(error);
        passwordForm.setFieldValue('captcha', '');
        refreshCaptcha();
      },
    });
  };

  const loginWithSms = ({ phone, code }: SmsValues) => run(async () => enter(await smsLogin(side, phone, code)));

  const requestCode = async () => {
    try {
      const to =
        mode === 'sms'
          ? { phone: (await smsForm.validateFields(['phone'])).phone }
          : { username: (await passwordForm.validateFields(['username'])).username };
      await sendSmsCode(side, to);
      message.success('验证码已发送');
      startCountdown(SMS_RESEND_SECONDS);
    } catch (error) {
      showApiError(error);
    }
  };

  const codeButton = (
    <Button onClick={requestCode} disabled={countdown > 0} data-testid="send-sms-code">
      {countdown > 0 ? `${countdown}秒后重新获取` : '获取验证码'}
    </Button>
  );

  const passwordLoginForm = (
    <Form form={passwordForm} onFinish={loginWithPassword} size="large" autoComplete="off" data-testid="login-form">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
        <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" data-testid="login-username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="密码"
          maxLength={MAX_PASSWORD_LENGTH}
          autoComplete="current-password"
          data-testid="login-password"
        />
      </Form.Item>
      <Form.Item>
        <div className="login-captcha">
          <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
            <Input prefix={<SafetyOutlined />} placeholder="验证码" data-testid="login-captcha" />
          </Form.Item>
          <button
            type="button"
            className="login-captcha-image"
            onClick={refreshCaptcha}
            title="看不清？点击刷新"
            data-testid="captcha-image"
          >
            {captcha ? <img src={captcha.image} alt="验证码" /> : '点击刷新'}
          </button>
        </div>
      </Form.Item>
      {smsOpen && (
        <Form.Item>
          <div className="login-captcha">
            <Form.Item
              name="input_sms"
              noStyle
              rules={[{ required: true, whitespace: true, message: '请输入短信验证码' }]}
            >
              <Input prefix={<MessageOutlined />} placeholder="短信验证码" data-testid="login-sms-code" />
            </Form.Item>
            {codeButton}
          </div>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={saving} data-testid="login-submit">
        登录
      </Button>
    </Form>
  );

  const smsLoginForm = (
    <Form form={smsForm} onFinish={loginWithSms} size="large" autoComplete="off" data-testid="sms-login-form">
      <Form.Item
        name="phone"
        rules={[
          { required: true, message: '请输入手机号码' },
          { pattern: MOBILE_PATTERN, message: '请输入正确的手机号码' },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="手机号码" maxLength={11} data-testid="sms-login-phone" />
      </Form.Item>
      <Form.Item>
        <div className="login-captcha">
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: '请输入短信验证码' }]}>
            <Input prefix={<MessageOutlined />} placeholder="短信验证码" data-testid="sms-login-code" />
          </Form.Item>
          {codeButton}
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={saving} data-testid="sms-login-submit">
        登录
      </Button>
    </Form>
  );

  const tabs: { side: Side; label: string }[] = [
    { side: 'builder', label: '企业登录' },
    { side: 'finance', label: '财务登录' },
  ];

  return (
    <div className="login-page">
      <main className="login-card">
        <header className="login-header">
          {siteConfig?.tieleicon && <img className="login-logo" src={siteConfig.tieleicon} alt="" />}
          <h1 data-testid="login-title">{siteConfig?.titleall || DEFAULT_TITLE}</h1>
        </header>
        {/* Two fixed tabs: plain buttons keep antd's Tabs (and its overflow menu) out of this page's bundle. */}
        <div className="login-tabs" role="tablist">
          {tabs.map((tab) => (
            <button
              key={tab.side}
              type="button"
              role="tab"
              aria-selected={tab.side === side}
              className={tab.side === side ? 'login-tab active' : 'login-tab'}
              onClick={() => tab.side !== side && switchSide(tab.side)}
              data-testid={`login-tab-${tab.side}`}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {mode === 'sms' && smsOpen ? smsLoginForm : passwordLoginForm}
        {smsOpen && (
          <Button
            type="link"
            block
            onClick={() => setMode(mode === 'sms' ? 'password' : 'sms')}
            data-testid="login-mode-switch"
          >
            {mode === 'sms' ? '账号密码登录' : '短信登录'}
          </Button>
        )}
      </main>
    </div>
  );
}
