/**
 * `/w/login`: the worker logs in with his ID number and a 6-digit code sent by SMS to the phone on the
 * roster — no password. The server's answers are shown as they are (the same for an ID number on no roster).
 * After the login he goes where he was going (`?redirect=`), else to `/w` with the project of `?project=`.
 * A project named by a site board's QR code is shown by its name, and the anonymous lead page opens with it.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { IdcardOutlined, RightOutlined, SafetyOutlined } from '@ant-design/icons';
import { MSG_UNKNOWN } from '@/api/client';
import { sendWorkerCode, workerSmsLogin } from '@/api/session';
import ProjectNamed, { LINK_ROW } from './ProjectNamed';
import { afterWorkerLogin, projectParam, useWorkerSession } from '@/store/workerSession';
import { checkIdNumber } from '@/utils/rules/idNumber';
import { useCountdown } from '@/utils/useCountdown';
import { useFormSubmit } from '@/utils/useFormSubmit';

const RESEND_SECONDS = 60;
const CODE_PATTERN = /^\d{6}$/;

interface Values {
  idNumber: string;
  code: string;
}

type Note = { type: 'success' | 'error'; text: string } | null;

const refusal = (error: unknown) => (error instanceof Error ? error.message : MSG_UNKNOWN);

export default function WorkerLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signIn, projectId } = useWorkerSession();
  const [form] = Form.useForm<Values>();
  const [countdown, startCountdown] = useCountdown();
  const [note, setNote] = useState<Note>(null);
  const sending = useFormSubmit();
  const login = useFormSubmit(form);
  const named = projectParam(params.get('project')) ?? projectId;

  const sendCode = async () => {
    let idNumber: string;
    try {
      ({ idNumber } = await form.validateFields(['idNumber']));
    } catch {
      return;
    }
    setNote(null);
    await sending.run(
      async () => {
        const { message } = await sendWorkerCode(idNumber.trim().toUpperCase());
        setNote({ type: 'success', text: message });
        startCountdown(RESEND_SECONDS);
      },
      { onError: (error) => setNote({ type: 'error', text: refusal(error) }) },
    );
  };

  const enter = () =>
    login.submit(
      async (values) => {
        setNote(null);
        const data = await workerSmsLogin(values.idNumber.trim().toUpperCase(), values.code.trim());
        signIn(data.phpsessid, data.name);
        navigate(afterWorkerLogin(params.get('redirect'), projectParam(params.get('project')) ?? projectId), { replace: true });
      },
      { onError: (error) => setNote({ type: 'error', text: refusal(error) }) },
    );

  return (
    <div data-testid="worker-login">
      <div className="w-card">
        <h2 className="w-card-title">农民工工资查询</h2>
        <p className="w-muted" style={{ margin: 0 }}>
          用身份证号和登记手机收到的验证码登录，查看本人的考勤、工资和工资条，确认每月工资。
        </p>
      </div>
      {named !== null && <ProjectNamed projectId={named} />}
      <div className="w-card">
        <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void enter()}>
          <Form.Item
            name="idNumber"
            label="身份证号"
            rules={[
              { required: true, whitespace: true, message: '请输入身份证号码' },
              { validator: (_, value?: string) => (!value?.trim() ? Promise.resolve() : checkIdNumber(value.trim().toUpperCase()) ? Promise.reject(new Error('请输入正确的身份证号码')) : Promise.resolve()) },
            ]}
          >
            <Input prefix={<IdcardOutlined />} maxLength={18} autoComplete="off" placeholder="18位身份证号码" data-testid="worker-id-number" />
          </Form.Item>
          <Form.Item label="验证码" required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="code" noStyle rules={[{ required: true, pattern: CODE_PATTERN, message: '请输入6位验证码' }]}>
                <Input
                  prefix={<SafetyOutlined />}
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="6位验证码"
                  style={{ flex: 1 }}
                  data-testid="worker-code"
                />
              </Form.Item>
              <Button onClick={() => void sendCode()} loading={sending.saving} disabled={countdown > 0} style={{ minWidth: 120 }} data-testid="worker-send-code">
                {countdown > 0 ? `${countdown}秒后重发` : '获取验证码'}
              </Button>
            </div>
          </Form.Item>
          {note && <Alert type={note.type} showIcon title={note.text} style={{ marginBottom: 16 }} data-testid="worker-login-note" />}
          <Button type="primary" htmlType="submit" block size="large" loading={login.saving} data-testid="worker-login-submit">
            登录
          </Button>
        </Form>
      </div>
      <Link to={named !== null ? `/clue?projectId=${named}` : '/clue'} className="w-link" style={LINK_ROW} data-testid="worker-anonymous-clue">
        <span>没有登记手机？匿名反映欠薪</span>
        <RightOutlined />
      </Link>
      <p className="w-muted" style={{ textAlign: 'center' }}>
        收不到验证码？请联系项目劳资专管员核对花名册上的手机号码。
        <br />
        被拖欠工资？也可拨打劳动保障监察电话 <a href="tel:12333">12333</a>
      </p>
    </div>
  );
}
