/** A wizard step's form: labels of one width on the left, the first invalid field scrolled into view. */
import type { ReactNode } from 'react';
import { Form, type FormProps } from 'antd';

export default function StepForm<V>({ labelWidth, children, ...props }: Omit<FormProps<V>, 'children'> & { labelWidth: number; children: ReactNode }) {
  return (
    <Form<V> labelCol={{ flex: `${labelWidth}px` }} labelWrap wrapperCol={{ flex: 'auto' }} scrollToFirstError className="wizard-form" {...props}>
      {children}
    </Form>
  );
}
